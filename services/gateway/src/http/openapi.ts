/**
 * The API reference: an OpenAPI 3.1 document built from every route's `schema` (http/route-schema.ts), served as
 * JSON at /api/docs/json and browsable at /api/docs. The schemas document only: Fastify's validator is a no-op
 * here, zod validates inside each handler (http/validation.ts) so failures keep their localized envelope, and no
 * response schema reaches Fastify's serializer (the answers are documented through the docs' transform alone).
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import { WS_CLOSE_UNAUTHORIZED, WS_PATH } from '@qal/events';
import { REJECTIONS } from './rejections.ts';
import {
  API_TAGS,
  BEARER_SECURITY,
  jsonSchemaOf,
  ROUTE_ANSWER,
  routeSchema,
  type DocumentedSchema,
  type JsonSchema,
  type RouteAnswer,
} from './route-schema.ts';

export const API_DOCS_PREFIX = '/api/docs';
/** The shared schema id of the failure envelope, referenced by every operation's error answers. */
const FAILURE_ENVELOPE_ID = 'FailureEnvelope';

const FailureEnvelope = z
  .object({
    success: z.literal(false),
    code: z
      .string()
      .meta({ description: 'A named rejection (a client reads this, not the message)', examples: Object.keys(REJECTIONS).sort() }),
    message: z.string().meta({ description: 'For people: in the language of Accept-Language, else the signed-in player’s' }),
    data: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'Details; for validation_failed, `fields` maps each field (dotted path, `_` for the whole) to its problem' }),
  })
  .meta({ description: 'A refusal: the HTTP status goes with the code (e.g. 400 validation_failed, 401 unauthorized, 429 rate_limited)' });

const DESCRIPTION = [
  'Every answer of /api/v1 is an envelope: `{ success: true, data, message? }` or `{ success: false, code, message, data? }`.',
  'Messages are in English or Amharic: the `Accept-Language` header decides, else the signed-in player’s language.',
  'Signed-in calls send `Authorization: Bearer <token>` (the token of POST /api/v1/auth/verify-otp).',
  'Live updates come over the websocket at `/ws`: its protocol is in docs/realtime.md.',
].join('\n\n');

/** What Fastify's onRoute saw, in order: the API-reference test checks each has a schema. */
export interface SeenRoute {
  readonly method: string;
  readonly url: string;
  readonly schema: DocumentedSchema | undefined;
  readonly websocket: boolean;
}
const seenRoutes = new WeakMap<FastifyInstance, SeenRoute[]>();

/** Every route registered after registerApiDocs, HEAD routes included. */
export function registeredRoutes(app: FastifyInstance): readonly SeenRoute[] {
  return seenRoutes.get(app) ?? [];
}

/** Marks every route of a signed-in scope as needing the bearer token (in the docs), unless it says otherwise. */
export function documentBearerAuth(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    if (route.schema) (route.schema as DocumentedSchema).security ??= BEARER_SECURITY;
  });
}

const envelopeOf = (data: JsonSchema | undefined): JsonSchema => ({
  type: 'object',
  properties: {
    success: { const: true },
    data: data ?? { description: 'See the summary' },
    message: { type: 'string', description: 'For people, in the answer’s language' },
  },
  required: ['success', 'data'],
});

function responsesOf(answer: RouteAnswer | undefined, produces: readonly string[] | undefined): Record<string, JsonSchema> {
  const failure = { description: 'Refused: the failure envelope', $ref: `${FAILURE_ENVELOPE_ID}#` };
  const ok = answer?.raw
    ? { description: 'OK', ...jsonSchemaOf(answer.raw, 'output') }
    : produces?.some((type) => type !== 'application/json')
      ? { description: 'OK', type: 'string' }
      : { description: 'OK: the success envelope', ...envelopeOf(answer?.data ? jsonSchemaOf(answer.data, 'output') : undefined) };
  return { 200: ok, '4XX': failure, '5XX': failure };
}

/** The probes' schemas (their routes are app.ts's own); they answer without the envelope. */
export const systemRouteSchemas = {
  health: () =>
    routeSchema({ tags: ['system'], summary: 'Liveness: the process answers', rawResponse: z.object({ status: z.literal('ok') }) }),
  ready: () =>
    routeSchema({
      tags: ['system'],
      summary: 'Readiness: 200 once the gateway serves, 503 `starting` before',
      rawResponse: z.object({ status: z.enum(['ok', 'starting']) }),
    }),
};

/** The player's websocket: no HTTP operation, so the docs only point to its protocol. */
const playerSocketSchema = (): FastifySchema => ({
  tags: ['realtime'],
  summary: 'Open the websocket',
  description:
    'Upgrades to a websocket, whose first message carries the session token: `{"type":"auth","token":"…"}` (never a ' +
    `\`?token=\` in the URL, which is refused). A missing or revoked token closes it with ${WS_CLOSE_UNAUTHORIZED}. ` +
    'Messages, channels and limits: docs/realtime.md.',
});
const SWITCHING_PROTOCOLS = { 101: { description: 'Switching to the websocket protocol', type: 'null' } };

function documentRoute({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  if (route.websocket) {
    // @fastify/websocket hides its routes from the docs; a socket with a summary of its own is listed all the same.
    const { hide: _hidden, ...own } = schema;
    const documented = url === WS_PATH ? playerSocketSchema() : own.summary ? own : null;
    return { url, schema: documented ? { ...documented, response: SWITCHING_PROTOCOLS } : schema };
  }
  const documented = schema as DocumentedSchema | undefined;
  return { url, schema: { ...documented, response: responsesOf(documented?.[ROUTE_ANSWER], documented?.produces) } };
}

/**
 * Registers the docs: call before any route, so every route is seen. Turns Fastify's validation off for the whole
 * app (zod validates in the handlers).
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(() => () => true);
  const seen: SeenRoute[] = [];
  seenRoutes.set(app, seen);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      seen.push({ method, url: route.url, schema: route.schema as DocumentedSchema | undefined, websocket: route.websocket === true });
    }
  });

  app.addSchema({ $id: FAILURE_ENVELOPE_ID, ...jsonSchemaOf(FailureEnvelope, 'output') });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Qal API', version: '1', description: DESCRIPTION },
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'The session token of verify-otp or refresh' } },
      },
    },
    transform: documentRoute,
    // Shared schemas (the failure envelope) keep their id as their name under components.schemas.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { deepLinking: true, docExpansion: 'list', validatorUrl: null },
  });
}
