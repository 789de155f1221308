/**
 * The operations to fuzz, read from the running app's own OpenAPI document (/api/docs/json): a route added to the
 * gateway is in the document (its API-reference test sees to that), and so is fuzzed without a change here.
 */
import { z } from 'zod';
import { SchemaNode } from './json-schema-arbitrary.ts';

const Parameter = z.object({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  schema: SchemaNode.optional(),
});

const Operation = z.object({
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z.array(Parameter).optional(),
  requestBody: z.object({ content: z.record(z.string(), z.object({ schema: SchemaNode.optional() })) }).optional(),
});

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;
/** The methods a request may be sent with (inject's spelling). */
export const HTTP_METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
const upper = (method: (typeof METHODS)[number]): HttpMethod => HTTP_METHODS[METHODS.indexOf(method)]!;

export const ApiDocument = z.object({
  paths: z.record(z.string(), z.partialRecord(z.enum(METHODS), Operation)),
  components: z.object({
    schemas: z.object({
      FailureEnvelope: z.object({ properties: z.object({ code: z.object({ examples: z.array(z.string()) }) }) }),
    }),
  }),
});
export type ApiDocument = z.infer<typeof ApiDocument>;

export interface ParameterSpec {
  readonly name: string;
  readonly required: boolean;
  readonly schema: SchemaNode;
}

/** One documented operation, in the terms the request generator needs. */
export interface OperationSpec {
  /** `POST /api/v1/rooms/{code}/join`: names the operation in reports and in FUZZ_ONLY. */
  readonly key: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly pathParams: readonly ParameterSpec[];
  readonly query: readonly ParameterSpec[];
  readonly honoursIdempotencyKey: boolean;
  /** Content type → body schema; empty when the operation takes no body. */
  readonly bodies: ReadonlyMap<string, SchemaNode>;
  readonly needsBearer: boolean;
}

const paramsIn = (parameters: readonly z.infer<typeof Parameter>[], where: 'path' | 'query'): ParameterSpec[] =>
  parameters.filter((p) => p.in === where).map((p) => ({ name: p.name, required: p.required ?? where === 'path', schema: p.schema ?? {} }));

/** Every operation of the document, in its order. */
export function operationsOf(document: ApiDocument): OperationSpec[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    (Object.entries(operations) as [(typeof METHODS)[number], z.infer<typeof Operation> | undefined][]).map(([method, operation]) => {
      const parameters = operation?.parameters ?? [];
      const bodies = new Map(Object.entries(operation?.requestBody?.content ?? {}).map(([type, media]) => [type, media.schema ?? {}]));
      // `[{}, {bearer: []}]` means the token is optional; only a lone bearer requirement means "signed in".
      const security = operation?.security ?? [];
      return {
        key: `${upper(method)} ${path}`,
        method: upper(method),
        path,
        pathParams: paramsIn(parameters, 'path'),
        query: paramsIn(parameters, 'query'),
        honoursIdempotencyKey: parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key'),
        bodies,
        needsBearer: security.length > 0 && security.every((requirement) => 'bearer' in requirement),
      };
    }),
  );
}

/** The rejection codes the document lists for the failure envelope: every `code` an answer may carry. */
export const documentedCodes = (document: ApiDocument): ReadonlySet<string> =>
  new Set(document.components.schemas.FailureEnvelope.properties.code.examples);
