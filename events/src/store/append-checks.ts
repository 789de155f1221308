import { PartialDuplicateError, WrongExpectedVersionError, type ExpectedVersion, type StreamAppend } from './port.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Checks an append request before it touches storage, the same way in every store, and returns its event ids
 * in lower case (the SQL `uuid` column gives them back that way, so every store stores them that way).
 */
export function validateAppend(requests: readonly StreamAppend[]): string[] {
  const streamIds = requests.map((r) => r.streamId);
  if (new Set(streamIds).size !== streamIds.length) {
    throw new TypeError(`one append names a stream twice: ${streamIds.join(', ')}`);
  }
  const ids = requests.flatMap((r) => r.events.map((e) => e.eventId.toLowerCase()));
  const invalid = ids.filter((id) => !UUID.test(id));
  if (invalid.length > 0) throw new TypeError(`event ids must be UUIDs: ${invalid.join(', ')}`);
  if (new Set(ids).size !== ids.length) throw new PartialDuplicateError(ids);
  return ids;
}

/** All ids known: a retry of an append that succeeded. Some known: a caller bug. */
export function classifyKnownIds(ids: readonly string[], known: ReadonlySet<string>): 'new' | 'duplicate' {
  const found = ids.filter((id) => known.has(id));
  if (ids.length > 0 && found.length === ids.length) return 'duplicate';
  if (found.length > 0) throw new PartialDuplicateError(found);
  return 'new';
}

export function checkExpectedVersion(streamId: string, expected: ExpectedVersion, actual: number | null): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === null) ||
    (expected === 'stream_exists' && actual !== null) ||
    (typeof expected === 'number' && (actual ?? 0) === expected);
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, actual);
}
