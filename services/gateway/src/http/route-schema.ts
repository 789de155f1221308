/**
 * The documentation of an HTTP route, from the same zod schemas its handler validates with. Fastify's own
 * validator is a no-op (http/openapi.ts): zod stays the one validator, inside the handler, so the
 * `validation_failed` envelope and its messages are unchanged. A route's `schema` only describes it for the
 * OpenAPI document at /api/docs.
 *
 *   app.post('/rooms/:code/bets', { schema: routeSchema({ tags: ['rooms'], summary: 'Propose a bet', params: CodeParams, body: BetBody, response: RoomAnswer }) }, handler)
 */
import type { FastifySchema } from 'fastify';
import type {} from '@fastify/swagger'; // its additions to FastifySchema: tags, summary, security, consumes, …
import { z } from 'zod';

/** The OpenAPI tags, in the order the docs show them. A new area of the API adds its tag here. */
export const API_TAGS = {
  auth: 'Signing in with a one-time code, refreshing and ending a session',
  user: 'The signed-in player: profile, avatar, daily bonus',
  wallet: 'Tokens: balance, movements, token packages and purchases',
  payments: 'Payment confirmations (the sandbox stand-in, the provider webhook)',
  games: 'The game catalogue and starting single-player games',
  matches: 'Playing and reading matches, their replays and the fairness profile',
  rooms: 'Multiplayer rooms, their bets and invitations',
  leaderboards: 'Boards, player statistics and share links',
  pages: 'HTML pages the server fills in (social cards)',
  system: 'Liveness and readiness of this gateway',
  realtime: 'The websocket (the protocol: docs/realtime.md)',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Any zod schema, classic or mini (the shared contracts are zod/mini). */
export type AnySchema = z.core.$ZodType;
export type JsonSchema = Record<string, unknown>;

/** Who may call a route, for the docs; routes in the signed-in scope are marked `bearer` by that scope. */
export type RouteAuth = 'bearer' | 'optional';

export interface RouteDoc {
  readonly tags: readonly [ApiTag, ...ApiTag[]];
  readonly summary: string;
  readonly description?: string;
  readonly params?: AnySchema;
  readonly querystring?: AnySchema;
  readonly body?: AnySchema;
  /** Content types of the body other than JSON (e.g. multipart/form-data). */
  readonly consumes?: readonly string[];
  /** Content types of the answer other than JSON (e.g. text/html). */
  readonly produces?: readonly string[];
  /** `data` of the success envelope `{ success: true, data, message? }`. */
  readonly response?: AnySchema;
  /** The whole answer, for the few routes that do not answer with the envelope (/health). */
  readonly rawResponse?: AnySchema;
  readonly auth?: RouteAuth;
  /** The route honours an Idempotency-Key header (a retry is answered, not repeated). */
  readonly idempotent?: boolean;
}

/** What the docs read from a route's schema beyond Fastify's keys; a symbol, so neither Fastify nor JSON sees it. */
export const ROUTE_ANSWER = Symbol('qal.routeAnswer');
export interface RouteAnswer {
  readonly data?: AnySchema;
  readonly raw?: AnySchema;
}
export type DocumentedSchema = FastifySchema & { [ROUTE_ANSWER]?: RouteAnswer };

export const BEARER_SECURITY = [{ bearer: [] }] as const;
const OPTIONAL_BEARER_SECURITY = [{}, { bearer: [] }] as const;

const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/)
    .optional()
    .meta({ description: 'Makes a retried request return the first answer instead of acting twice' }),
});

type Direction = 'input' | 'output';

/**
 * JSON Schema (2020-12, what OpenAPI 3.1 uses) of a zod schema: what a client sends (`input`: before defaults
 * and preprocessing) or receives (`output`). A schema named in `references` is written as `{ $ref: '#<name>' }`
 * wherever it appears inside (a long document shows it once).
 */
export function toJsonSchema(schema: AnySchema, io: Direction, references?: ReadonlyMap<AnySchema, string>): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const name = zodSchema === schema ? undefined : references?.get(zodSchema);
      if (name) {
        for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
        (jsonSchema as JsonSchema).$ref = `#${name}`;
        return;
      }
      // z.int() bounds itself to the safe integers: true of every JSON number a client handles, so not worth saying.
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    },
  });
  return json;
}

const converted = new WeakMap<AnySchema, Record<Direction, JsonSchema | undefined>>();

/** toJsonSchema, cached: every app built in a test process converts the same schemas. */
export function jsonSchemaOf(schema: AnySchema, io: Direction): JsonSchema {
  const cached = converted.get(schema) ?? { input: undefined, output: undefined };
  cached[io] ??= toJsonSchema(schema, io);
  converted.set(schema, cached);
  return structuredClone(cached[io]);
}

/** A route's Fastify `schema`, for documentation only (see the top of this file). */
export function routeSchema(doc: RouteDoc): DocumentedSchema {
  const schema: DocumentedSchema = { tags: doc.tags, summary: doc.summary };
  if (doc.description) schema.description = doc.description;
  if (doc.params) schema.params = jsonSchemaOf(doc.params, 'input');
  if (doc.querystring) schema.querystring = jsonSchemaOf(doc.querystring, 'input');
  if (doc.body) schema.body = jsonSchemaOf(doc.body, 'input');
  if (doc.consumes) schema.consumes = doc.consumes;
  if (doc.produces) schema.produces = doc.produces;
  if (doc.idempotent) schema.headers = jsonSchemaOf(IdempotencyHeaders, 'input');
  if (doc.auth === 'bearer') schema.security = BEARER_SECURITY;
  if (doc.auth === 'optional') schema.security = OPTIONAL_BEARER_SECURITY;
  if (doc.response || doc.rawResponse)
    schema[ROUTE_ANSWER] = { ...(doc.response ? { data: doc.response } : {}), ...(doc.rawResponse ? { raw: doc.rawResponse } : {}) };
  return schema;
}
