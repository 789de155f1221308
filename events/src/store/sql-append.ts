/** One caller's append through the store's SQL function (schema.ts `append_events`), for any number of writers. */
import type { SqlExecutor } from '../sql/port.ts';
import { chainHashParts } from './hash.ts';
import { PartialDuplicateError, WrongExpectedVersionError, type AppendResult, type StoredEvent, type StreamAppend } from './port.ts';

/** What `eventstore.append_events` answers (schema.ts). */
type AppendFunctionResult =
  | { readonly outcome: 'duplicate' }
  | {
      readonly outcome: 'appended';
      /** Each stream's version after the append (streams that still do not exist are left out). */
      readonly versions: Readonly<Record<string, number>>;
      readonly events: readonly {
        readonly globalPosition: string;
        readonly transactionId: string;
        readonly recordedAt: string;
        readonly streamPosition: number;
        readonly prevHash: string;
        readonly hash: string;
      }[];
    };

/** SQLSTATEs the append function raises (schema.ts). */
const WRONG_EXPECTED_VERSION = 'QL409';
const PARTIAL_DUPLICATE = 'QL422';

interface Prepared {
  readonly requests: readonly StreamAppend[];
  readonly pending: readonly { request: StreamAppend; events: PreparedEvent[] }[];
  readonly payload: unknown;
}
interface PreparedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: StoredEvent['data'];
  readonly metadata: StoredEvent['metadata'];
}

function prepare(requests: readonly StreamAppend[]): Prepared {
  const pending = requests.map((request) => ({
    request,
    events: request.events.map((event) => {
      const eventId = event.eventId.toLowerCase();
      return {
        eventId,
        type: event.type,
        schemaVersion: event.schemaVersion ?? 1,
        data: structuredClone(event.data),
        metadata: structuredClone(event.metadata ?? {}),
        ...chainHashParts({ streamId: request.streamId, eventId, type: event.type, data: event.data }),
      };
    }),
  }));
  const payload = pending.map(({ request, events }) => ({
    streamId: request.streamId,
    streamType: request.streamType,
    expectedVersion: request.expectedVersion,
    events: events.map(({ eventId, type, schemaVersion, data, metadata, prefix, suffix }) => ({
      eventId,
      type,
      schemaVersion,
      data,
      metadata,
      hashPrefix: prefix,
      hashSuffix: suffix,
    })),
  }));
  return { requests, pending, payload };
}

function resultOf({ pending }: Prepared, result: AppendFunctionResult): AppendResult {
  if (result.outcome === 'duplicate') return result;
  const stored: StoredEvent[] = [];
  let next = 0;
  for (const { request, events } of pending) {
    for (const event of events) {
      const row = result.events[next++];
      if (!row) throw new Error(`event ${event.eventId} was not returned by its append`);
      stored.push({
        streamId: request.streamId,
        streamPosition: Number(row.streamPosition),
        eventId: event.eventId,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata: { ...event.metadata, prevHash: row.prevHash, hash: row.hash },
        transactionId: BigInt(row.transactionId),
        globalPosition: BigInt(row.globalPosition),
        recordedAt: new Date(row.recordedAt),
      });
    }
  }
  const versions = Object.fromEntries(Object.entries(result.versions).map(([streamId, version]) => [streamId, Number(version)]));
  return { outcome: 'appended', versions, events: stored };
}

/**
 * One statement, so one round trip and no BEGIN/COMMIT: the function locks the streams, checks ids and versions,
 * chains the hashes and inserts (see schema.ts). Run on its own it is its own transaction; atomic either way.
 */
export async function appendWithFunction(sql: SqlExecutor, requests: readonly StreamAppend[]): Promise<AppendResult> {
  const prepared = prepare(requests);
  let result: AppendFunctionResult;
  try {
    const { rows } = await sql.query<{ result: AppendFunctionResult }>(`select eventstore.append_events($1::jsonb) as result`, [
      JSON.stringify(prepared.payload),
    ]);
    result = rows[0]!.result;
  } catch (error) {
    throw translateAppendError(error, requests);
  }
  return resultOf(prepared, result);
}

/** The append function's named errors as the port's errors; anything else unchanged. */
function translateAppendError(error: unknown, requests: readonly StreamAppend[]): unknown {
  const e = error as { code?: unknown; detail?: unknown } | null;
  if (e?.code === WRONG_EXPECTED_VERSION && typeof e.detail === 'string') {
    const { streamId, actual } = JSON.parse(e.detail) as { streamId: string; actual: number };
    const expected = requests.find((r) => r.streamId === streamId)?.expectedVersion ?? 'any';
    return new WrongExpectedVersionError(streamId, expected, actual > 0 ? actual : null);
  }
  if (e?.code === PARTIAL_DUPLICATE && typeof e.detail === 'string') return new PartialDuplicateError(e.detail.split(','));
  return error;
}
