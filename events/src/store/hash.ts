import { createHash } from 'node:crypto';
import { canonicalJson, type JsonObject } from '../json.ts';

export const GENESIS_HASH = '0'.repeat(64);

export interface HashedFields {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly eventId: string;
  readonly type: string;
  readonly data: JsonObject;
}

/** Each event's hash covers its content and the previous event's hash, so no stored event can be edited unseen. */
export function chainHash(prevHash: string, event: HashedFields): string {
  return createHash('sha256')
    .update(prevHash)
    .update(
      canonicalJson({
        streamId: event.streamId,
        streamPosition: event.streamPosition,
        eventId: event.eventId,
        type: event.type,
        data: event.data,
      }),
    )
    .digest('hex');
}
