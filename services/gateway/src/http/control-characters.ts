import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Rejection } from './errors.ts';

/** C0 controls (NUL, tab, newline, …), DEL and the C1 controls. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** The decoded path parameters and query values of a request that hold a control character, by name. */
export function fieldsWithControlCharacters(request: Pick<FastifyRequest, 'params' | 'query'>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const source of [request.params, request.query]) {
    if (!source || typeof source !== 'object') continue;
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === 'string' && CONTROL_CHARACTER.test(v))) fields[name] = 'must not contain control characters';
    }
  }
  return fields;
}

/**
 * No id, code, slug or cursor holds a control character, and PostgreSQL refuses a NUL in text outright (a 500 if
 * it got that far). So every route refuses them once, here, before its session check and its own validation: a
 * 400 `validation_failed` naming the parameter.
 */
export function refuseControlCharacters(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const fields = fieldsWithControlCharacters(request);
    if (Object.keys(fields).length > 0) throw new Rejection('validation_failed', { fields });
  });
}
