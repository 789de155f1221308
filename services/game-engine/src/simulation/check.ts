/**
 * The simulations' assertions: plain functions that throw an InvariantError naming what broke, so the same body
 * runs under vitest and in the swarm's worker processes (`npm run sim`), where no test runner is loaded.
 */
import { inspect, isDeepStrictEqual } from 'node:util';

/** A broken invariant: the message says which one, with the values, so a failing seed reads as a bug report. */
export class InvariantError extends Error {
  override readonly name = 'InvariantError';
}

/** Long values are cut in messages: enough to see the difference, not a whole match. */
const show = (value: unknown) => inspect(value, { depth: 6, breakLength: Infinity, maxArrayLength: 20, maxStringLength: 300 });

export function invariant(condition: unknown, message: string | (() => string)): asserts condition {
  if (!condition) throw new InvariantError(typeof message === 'string' ? message : message());
}

/** `actual` deeply equals `expected` (own properties, exact types). */
export function same(actual: unknown, expected: unknown, what: string): void {
  if (!isDeepStrictEqual(actual, expected)) throw new InvariantError(`${what}: expected ${show(expected)}, got ${show(actual)}`);
}

/** Every property named in `expected` has that value in `actual` (the rest of `actual` is free). */
export function matches(actual: unknown, expected: Readonly<Record<string, unknown>>, what: string): void {
  const record = (actual ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(expected))
    if (!isDeepStrictEqual(record[key], value))
      throw new InvariantError(`${what}: ${key} should be ${show(value)}, got ${show(record[key])}`);
}

/** Every string value in a JSON-like value (to look for a secret anywhere in a view). */
export const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsOf)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(stringsOf)
        : [];
