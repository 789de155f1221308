import { hash } from 'node:crypto';
import { canonicalJson, type JsonObject } from '../json.ts';

export const GENESIS_HASH = '0'.repeat(64);

export interface HashedFields {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly eventId: string;
  readonly type: string;
  readonly data: JsonObject;
}

/**
 * Each event's hash covers its content and the previous event's hash, so no stored event can be edited unseen.
 * `dataJson` is `canonicalJson(event.data)` when the caller has it already (an append stores that very text).
 */
export function chainHash(prevHash: string, event: HashedFields, dataJson = canonicalJson(event.data)): string {
  // The canonical JSON of the hashed fields, written out: its keys in their sorted order, `data` first.
  const text =
    `{"data":${dataJson},"eventId":${JSON.stringify(event.eventId)},"streamId":${JSON.stringify(event.streamId)},` +
    `"streamPosition":${String(event.streamPosition)},"type":${JSON.stringify(event.type)}}`;
  // The one-shot hash: about half the cost of a Hash object for an event's few hundred bytes.
  return hash('sha256', prevHash + text, 'hex');
}

/** Stands for the stream position while the canonical text is built; never stored. */
const POSITION_PLACEHOLDER = 'qal:stream-position';
const POSITION_KEY = '"streamPosition":';

/**
 * The hashed text of an event without its stream position: `prefix + position + suffix` is its canonical JSON.
 * The SQL store's append function takes these parts and hashes `prevHash + prefix + position + suffix` under the
 * stream's lock, where the position and the previous hash are known, so an append needs no read beforehand.
 * The top-level `streamPosition` is the last occurrence of its key: only `type`, a string (whose quotes are
 * escaped), follows it in key order, and a key inside `data` comes earlier.
 */
export function chainHashParts(event: Omit<HashedFields, 'streamPosition'>): { prefix: string; suffix: string } {
  const text = canonicalJson({
    streamId: event.streamId,
    streamPosition: POSITION_PLACEHOLDER,
    eventId: event.eventId,
    type: event.type,
    data: event.data,
  });
  const marker = `${POSITION_KEY}${JSON.stringify(POSITION_PLACEHOLDER)}`;
  const at = text.lastIndexOf(marker);
  return { prefix: text.slice(0, at + POSITION_KEY.length), suffix: text.slice(at + marker.length) };
}
