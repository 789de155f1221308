/**
 * Group commit for the store that is its database's only writer (the embedded PGlite): several callers' appends in
 * one transaction of a few set-based statements, instead of the append function's per-event PL/pgSQL (about five
 * times the database's work per event). The checks are the append function's, made here in the callers' order on
 * the streams' heads read under lock: ids stored already (a retry: 'duplicate'; some of them: a caller's bug),
 * expected versions, then positions and the hash chain. One caller's failed check touches none of its events and
 * none of the others'. The table's keys (stream and position; event id) still refuse anything these checks missed.
 */
import { createHash } from 'node:crypto';
import type { SqlDatabase, SqlExecutor } from '../sql/port.ts';
import type { GroupAnswer } from './group-commit.ts';
import { chainHashParts, GENESIS_HASH } from './hash.ts';
import {
  PartialDuplicateError,
  WrongExpectedVersionError,
  type AppendResult,
  type ExpectedVersion,
  type StoredEvent,
  type StreamAppend,
} from './port.ts';

type Group = readonly StreamAppend[];
interface Head {
  version: number;
  hash: string;
  readonly type: string;
}
interface Row {
  readonly streamId: string;
  readonly streamPosition: number;
  readonly eventId: string;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: StoredEvent['data'];
  readonly metadata: StoredEvent['metadata'];
}

const versionHolds = (expected: ExpectedVersion, version: number) =>
  typeof expected === 'number'
    ? version === expected
    : expected === 'no_stream'
      ? version === 0
      : expected === 'stream_exists'
        ? version > 0
        : true;

/** The next hash of a stream's chain, as the append function computes it (hash.ts). */
function nextHash(prevHash: string, streamId: string, position: number, event: Pick<Row, 'eventId' | 'type' | 'data'>) {
  const { prefix, suffix } = chainHashParts({ streamId, eventId: event.eventId, type: event.type, data: event.data });
  return createHash('sha256')
    .update(`${prevHash}${prefix}${String(position)}${suffix}`)
    .digest('hex');
}

async function readHeads(tx: SqlExecutor, groups: readonly Group[]): Promise<Map<string, Head>> {
  const streamIds = [...new Set(groups.flatMap((g) => g.map((r) => r.streamId)))].sort();
  // Locked in one order, as the append function locks them: an only writer has no one to wait for, but stays safe.
  const { rows } = await tx.query<{ stream_id: string; version: string; last_hash: string; stream_type: string }>(
    `select stream_id, version::text as version, last_hash, stream_type from eventstore.streams
      where stream_id = any($1::text[]) order by stream_id collate "C" for update`,
    [streamIds],
  );
  const heads = new Map(rows.map((r) => [r.stream_id, { version: Number(r.version), hash: r.last_hash, type: r.stream_type }]));
  for (const group of groups)
    for (const r of group) if (!heads.has(r.streamId)) heads.set(r.streamId, { version: 0, hash: GENESIS_HASH, type: r.streamType });
  return heads;
}

async function storedIds(tx: SqlExecutor, groups: readonly Group[]): Promise<Set<string>> {
  const ids = groups.flatMap((g) => g.flatMap((r) => r.events.map((e) => e.eventId.toLowerCase())));
  if (ids.length === 0) return new Set();
  const { rows } = await tx.query<{ event_id: string }>(
    `select event_id::text as event_id from eventstore.events where event_id = any($1::uuid[])`,
    [ids],
  );
  return new Set(rows.map((r) => r.event_id));
}

/** What one caller's append will store: its rows, and its streams' versions after it. */
interface Planned {
  readonly rows: readonly Row[];
  readonly versions: Readonly<Record<string, number>>;
}

/** One caller's append checked against the heads so far (moving them on), or its answer when a check fails. */
function plan(group: Group, heads: Map<string, Head>, known: Set<string>): Planned | GroupAnswer<AppendResult> {
  const ids = group.flatMap((r) => r.events.map((e) => e.eventId.toLowerCase()));
  const found = ids.filter((id) => known.has(id));
  if (ids.length > 0 && found.length === ids.length) return { ok: true, value: { outcome: 'duplicate' } };
  if (found.length > 0) return { ok: false, error: new PartialDuplicateError(found) };
  for (const r of group) {
    const version = heads.get(r.streamId)!.version;
    if (!versionHolds(r.expectedVersion, version))
      return { ok: false, error: new WrongExpectedVersionError(r.streamId, r.expectedVersion, version > 0 ? version : null) };
  }
  const rows: Row[] = [];
  for (const r of group) {
    const head = heads.get(r.streamId)!;
    for (const event of r.events) {
      const eventId = event.eventId.toLowerCase();
      const streamPosition = head.version + 1;
      const data = structuredClone(event.data);
      const prevHash = head.hash;
      const hash = nextHash(prevHash, r.streamId, streamPosition, { eventId, type: event.type, data });
      rows.push({
        streamId: r.streamId,
        streamPosition,
        eventId,
        type: event.type,
        schemaVersion: event.schemaVersion ?? 1,
        data,
        metadata: { ...structuredClone(event.metadata ?? {}), prevHash, hash },
      });
      head.version = streamPosition;
      head.hash = hash;
    }
  }
  for (const id of ids) known.add(id);
  const versions: Record<string, number> = {};
  for (const r of group) {
    const version = heads.get(r.streamId)!.version;
    if (version > 0) versions[r.streamId] = version;
  }
  return { rows, versions };
}

const isPlanned = (p: Planned | GroupAnswer<AppendResult>): p is Planned => 'rows' in p;

async function insertRows(tx: SqlExecutor, rows: readonly Row[]) {
  const { rows: stored } = await tx.query<{ event_id: string; global_position: string; transaction_id: string; recorded_at: string }>(
    `insert into eventstore.events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
     select r.stream_id, r.stream_position, r.event_id, r.type, r.schema_version, r.data, r.metadata
       from jsonb_to_recordset($1::jsonb) as r(stream_id text, stream_position bigint, event_id uuid, type text,
            schema_version integer, data jsonb, metadata jsonb, n bigint)
      order by r.n
     returning event_id::text as event_id, global_position::text as global_position, transaction_id::text as transaction_id,
               recorded_at`,
    [
      JSON.stringify(
        rows.map((r, n) => ({
          n,
          stream_id: r.streamId,
          stream_position: r.streamPosition,
          event_id: r.eventId,
          type: r.type,
          schema_version: r.schemaVersion,
          data: r.data,
          metadata: r.metadata,
        })),
      ),
    ],
  );
  return new Map(stored.map((s) => [s.event_id, s]));
}

async function saveHeads(tx: SqlExecutor, heads: Map<string, Head>, moved: ReadonlySet<string>) {
  const changed = [...moved].sort().map((streamId) => {
    const head = heads.get(streamId)!;
    return { stream_id: streamId, stream_type: head.type, version: head.version, last_hash: head.hash };
  });
  await tx.query(
    `insert into eventstore.streams (stream_id, stream_type, version, last_hash)
     select r.stream_id, r.stream_type, r.version, r.last_hash
       from jsonb_to_recordset($1::jsonb) as r(stream_id text, stream_type text, version bigint, last_hash text)
     on conflict (stream_id) do update set version = excluded.version, last_hash = excluded.last_hash`,
    [JSON.stringify(changed)],
  );
}

/** Each group's answer, in order. Throws only when the transaction failed as a whole (then nothing was stored). */
export function appendGroupsAsOnlyWriter(db: SqlDatabase, groups: readonly Group[]): Promise<GroupAnswer<AppendResult>[]> {
  return db.transaction(async (tx) => {
    const heads = await readHeads(tx, groups);
    const known = await storedIds(tx, groups);
    const planned = groups.map((group) => plan(group, heads, known));
    const rows = planned.flatMap((p) => (isPlanned(p) ? p.rows : []));
    const stored = rows.length > 0 ? await insertRows(tx, rows) : new Map<string, never>();
    if (rows.length > 0) await saveHeads(tx, heads, new Set(rows.map((r) => r.streamId)));
    return planned.map((p): GroupAnswer<AppendResult> => {
      if (!isPlanned(p)) return p;
      const events = p.rows.map((row): StoredEvent => {
        const s = stored.get(row.eventId);
        if (!s) throw new Error(`event ${row.eventId} was not returned by its insert`);
        return {
          ...row,
          transactionId: BigInt(s.transaction_id),
          globalPosition: BigInt(s.global_position),
          recordedAt: new Date(s.recorded_at),
        };
      });
      return { ok: true, value: { outcome: 'appended', versions: p.versions, events } };
    });
  });
}
