import { z } from 'zod';
import type { BusMessage } from '../bus/port.ts';
import type { JsonObject } from '../json.ts';
import type { StoredEvent } from '../store/port.ts';

/** Headers of a relayed event, so a consumer can route or skip it without parsing the value. */
export const RELAY_HEADERS = {
  eventId: 'event-id',
  eventType: 'event-type',
  streamId: 'stream-id',
  globalPosition: 'global-position',
} as const;

const Digits = z.string().regex(/^\d{1,20}$/);

/** A stored event on the bus: positions as decimal strings (they are bigints), the time as ISO 8601. */
const RelayedEvent = z.object({
  eventId: z.string().min(1),
  streamId: z.string().min(1),
  streamPosition: z.number().int().positive(),
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: z.iso.datetime({ offset: true }),
  transactionId: Digits,
  globalPosition: Digits,
});

export function encodeRelayedEvent(event: StoredEvent): BusMessage {
  const value: z.infer<typeof RelayedEvent> = {
    eventId: event.eventId,
    streamId: event.streamId,
    streamPosition: event.streamPosition,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt.toISOString(),
    transactionId: event.transactionId.toString(),
    globalPosition: event.globalPosition.toString(),
  };
  return {
    key: event.streamId,
    value: JSON.stringify(value),
    headers: {
      [RELAY_HEADERS.eventId]: event.eventId,
      [RELAY_HEADERS.eventType]: event.type,
      [RELAY_HEADERS.streamId]: event.streamId,
      [RELAY_HEADERS.globalPosition]: event.globalPosition.toString(),
    },
  };
}

/** The stored event a relayed message carries, or null when it is not one (never throws: consumers skip it). */
export function decodeRelayedEvent(message: Pick<BusMessage, 'value'>): StoredEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(message.value);
  } catch {
    return null;
  }
  const parsed = RelayedEvent.safeParse(json);
  if (!parsed.success) return null;
  const e = parsed.data;
  return {
    eventId: e.eventId,
    streamId: e.streamId,
    streamPosition: e.streamPosition,
    type: e.type,
    schemaVersion: e.schemaVersion,
    data: e.data as JsonObject,
    metadata: e.metadata as JsonObject,
    recordedAt: new Date(e.recordedAt),
    transactionId: BigInt(e.transactionId),
    globalPosition: BigInt(e.globalPosition),
  };
}
