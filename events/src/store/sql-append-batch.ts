/**
 * Group commit for the store that is its database's only writer (the embedded PGlite): several callers' appends in
 * one statement, instead of the append function's per-event PL/pgSQL (about five times the database's work per
 * event). The checks are the append function's, made here in the callers' order: ids stored already (a retry:
 * 'duplicate'; some of them: a caller's bug), expected versions, then positions and the hash chain. One caller's
 * failed check touches none of its events and none of the others'.
 *
 * Being the only writer, the store knows its streams' heads (version, last hash) once it has read or written them,
 * so a batch needs no transaction: its events and heads go in one statement (atomic on its own), with no lock taken
 * and no round trip while the database waits on this thread. The statement moves each head only from where the plan
 * found it, and the table's keys (stream and position; event id) still refuse anything the checks missed: a stored
 * id (a retry) has the batch planned again knowing the stored ids; a head found elsewhere or a position taken means a
 * head known here was wrong, so those heads are forgotten and the batch fails as a whole.
 */
import type { SqlExecutor } from '../sql/port.ts';
import type { GroupAnswer } from './group-commit.ts';
import { canonicalJson } from '../json.ts';
import { chainHash, GENESIS_HASH } from './hash.ts';
import { noteEncodedEvent } from './recent-events.ts';
import { isStoredIdViolation, knownEventIds } from './sql-rows.ts';
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
  /** `data` and `metadata` as the insert sends them (each encoded once: for the hash, the insert and the copy). */
  readonly dataJson: string;
  readonly metadataJson: string;
}

const versionHolds = (expected: ExpectedVersion, version: number) =>
  typeof expected === 'number'
    ? version === expected
    : expected === 'no_stream'
      ? version === 0
      : expected === 'stream_exists'
        ? version > 0
        : true;

/** How many streams' heads the only writer keeps (the most recently used): a few hundred bytes each. */
export const HEADS_KNOWN_MAX = 20_000;

/**
 * The heads of the streams the batch touches: from memory; for a stream not known here that every append of the
 * batch expects to create, a new stream's without a read (unless `readNew`), since fresh ids are the usual case and
 * the statement refuses a stream that exists after all (the batch is then planned again on heads read); read for
 * the others.
 */
async function readHeads(
  sql: SqlExecutor,
  known: Map<string, Head>,
  groups: readonly Group[],
  readNew: boolean,
): Promise<Map<string, Head>> {
  const requests = groups.flat();
  const heads = new Map<string, Head>();
  const toRead = new Set<string>();
  for (const r of requests) {
    const head = known.get(r.streamId);
    if (head) heads.set(r.streamId, { ...head });
    else if (readNew || r.expectedVersion !== 'no_stream') toRead.add(r.streamId);
  }
  if (toRead.size > 0) {
    const { rows } = await sql.query<{ stream_id: string; version: string; last_hash: string; stream_type: string }>(
      `select stream_id, version::text as version, last_hash, stream_type from eventstore.streams where stream_id = any($1::text[])`,
      [[...toRead]],
    );
    for (const r of rows) heads.set(r.stream_id, { version: Number(r.version), hash: r.last_hash, type: r.stream_type });
  }
  for (const r of requests) if (!heads.has(r.streamId)) heads.set(r.streamId, { version: 0, hash: GENESIS_HASH, type: r.streamType });
  return heads;
}

const idsOf = (group: Group) => group.flatMap((r) => r.events.map((e) => e.eventId.toLowerCase()));

/** A retry ('duplicate') when every id is known, a caller's bug when some are; null when none is. */
function duplicateAnswer(ids: readonly string[], known: ReadonlySet<string>): GroupAnswer<AppendResult> | null {
  const found = ids.filter((id) => known.has(id));
  if (ids.length > 0 && found.length === ids.length) return { ok: true, value: { outcome: 'duplicate' } };
  if (found.length > 0) return { ok: false, error: new PartialDuplicateError(found) };
  return null;
}

/** What one caller's append will store: its rows, and its streams' versions after it. */
interface Planned {
  readonly rows: readonly Row[];
  readonly versions: Readonly<Record<string, number>>;
}

/** One caller's append checked against the heads so far (moving them on), or its answer when a check fails. */
function plan(group: Group, heads: Map<string, Head>, known: Set<string>): Planned | GroupAnswer<AppendResult> {
  const ids = idsOf(group);
  const duplicate = duplicateAnswer(ids, known);
  if (duplicate) return duplicate;
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
      // Encoded once: the hash covers this text, the insert sends it, and parsing it back is the stored copy (what
      // a read of the row gives, and out of the caller's reach).
      const dataJson = canonicalJson(event.data);
      const data = JSON.parse(dataJson) as StoredEvent['data'];
      const prevHash = head.hash;
      // The chain's next hash, as the append function computes it.
      const hash = chainHash(prevHash, { streamId: r.streamId, streamPosition, eventId, type: event.type, data }, dataJson);
      const metadataJson = JSON.stringify({ ...event.metadata, prevHash, hash });
      rows.push({
        streamId: r.streamId,
        streamPosition,
        eventId,
        type: event.type,
        schemaVersion: event.schemaVersion ?? 1,
        data,
        metadata: JSON.parse(metadataJson) as StoredEvent['metadata'],
        dataJson,
        metadataJson,
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
const isVersionRejection = (p: Planned | GroupAnswer<AppendResult>) =>
  !isPlanned(p) && !p.ok && p.error instanceof WrongExpectedVersionError;

/**
 * The events and the heads they moved, in one statement; answers each event's id with where it was stored. Each head
 * moves only from where the plan found it (`priors`): a batch planned on the heads of one still in the database,
 * which then failed, is refused as a whole (QL410) rather than stored after a gap. The heads to move are found by key
 * (`any($4)`): joined with the batch's rows alone, the planner took them for a hundred and scanned the whole streams
 * table in every append, whose cost then grew with every stream the store ever created (`npm run bench:append`).
 */
async function insertBatch(sql: SqlExecutor, rows: readonly Row[], heads: Map<string, Head>, priors: Map<string, Head>) {
  const moved = [...new Set(rows.map((r) => r.streamId))].sort().map((streamId) => {
    const head = heads.get(streamId)!;
    const prior = priors.get(streamId)!;
    return {
      stream_id: streamId,
      stream_type: head.type,
      prior_version: prior.version,
      prior_hash: prior.hash,
      version: head.version,
      last_hash: head.hash,
    };
  });
  const { rows: stored } = await sql.query<{ event_id: string; global_position: string; transaction_id: string; recorded_at: string }>(
    `with moved as (
       select * from jsonb_to_recordset($2::jsonb) as h(stream_id text, stream_type text, prior_version bigint, prior_hash text,
                                                         version bigint, last_hash text)
     ), updated as (
       update eventstore.streams s set version = m.version, last_hash = m.last_hash
         from moved m
        where s.stream_id = any($4::text[]) and s.stream_id = m.stream_id and s.version = m.prior_version
          and s.last_hash = m.prior_hash
       returning s.stream_id
     ), created as (
       insert into eventstore.streams (stream_id, stream_type, version, last_hash)
       select m.stream_id, m.stream_type, m.version, m.last_hash from moved m where m.prior_version = 0
       on conflict (stream_id) do nothing
       returning stream_id
     ), checked as (
       select eventstore.heads_in_place($3, (select count(*) from updated) + (select count(*) from created)) as ok
     )
     insert into eventstore.events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
     select r.stream_id, r.stream_position, r.event_id, r.type, r.schema_version, r.data, r.metadata
       from jsonb_to_recordset($1::jsonb) as r(stream_id text, stream_position bigint, event_id uuid, type text,
            schema_version integer, data jsonb, metadata jsonb, n bigint), checked
      where checked.ok
      order by r.n
     returning event_id::text as event_id, global_position::text as global_position, transaction_id::text as transaction_id,
               recorded_at`,
    [rowsJson(rows), JSON.stringify(moved), moved.length, moved.filter((m) => m.prior_version > 0).map((m) => m.stream_id)],
  );
  return new Map(stored.map((s) => [s.event_id, s]));
}

/** The rows as the insert's `jsonb_to_recordset` reads them, around each row's data and metadata encoded already. */
function rowsJson(rows: readonly Row[]): string {
  const encoded = rows.map(
    (r, n) =>
      `{"n":${n},"stream_id":${JSON.stringify(r.streamId)},"stream_position":${r.streamPosition},"event_id":${JSON.stringify(r.eventId)},` +
      `"type":${JSON.stringify(r.type)},"schema_version":${r.schemaVersion},"data":${r.dataJson},"metadata":${r.metadataJson}}`,
  );
  return `[${encoded.join(',')}]`;
}

export interface OnlyWriterAppender {
  /** Each group's answer, in order. Throws only when the batch could not be planned (nothing of it was stored). */
  append(groups: readonly Group[]): Promise<GroupAnswer<AppendResult>[]>;
  /** Streams written some other way (the append function): their heads are read again when next needed. */
  forget(streamIds: Iterable<string>): void;
}

/** How the only writer stores one caller's append when its batch could not be stored (the append function). */
export type AppendAlone = (requests: readonly StreamAppend[]) => Promise<AppendResult>;

/**
 * The only writer's batch appender, with the heads it knows. Batches are planned one at a time, in the order they
 * come, each on the heads the batches before it moved; a batch's statement is sent as soon as it is planned, while
 * those before it may still be in the database (whose one connection runs them in the order sent). Should a batch
 * fail as a whole, its streams are forgotten, any later batch planned on them is refused by its own statement's
 * check (QL410), and no batch is planned until the failed one has been stored another way: planned again knowing
 * the stored ids (a retry), or each append alone through `alone`.
 */
export function createOnlyWriterAppender(sql: SqlExecutor, alone: AppendAlone, maxHeads = HEADS_KNOWN_MAX): OnlyWriterAppender {
  const known = new Map<string, Head>();
  const remember = (heads: Map<string, Head>, streamIds: Iterable<string>) => {
    for (const streamId of streamIds) {
      known.delete(streamId); // re-inserted last: the least recently written go first
      known.set(streamId, heads.get(streamId)!);
    }
    for (const streamId of known.keys()) {
      if (known.size <= maxHeads) break;
      known.delete(streamId);
    }
  };
  const forget = (streamIds: Iterable<string>) => {
    for (const streamId of streamIds) known.delete(streamId);
  };
  const streamsOf = (groups: readonly Group[]) => groups.flatMap((g) => g.map((r) => r.streamId));

  /** The heads are planned on and repaired one turn at a time: a turn ends when its `work` settles. */
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work);
    turn = result.catch(() => undefined);
    return result;
  };

  /** Plans the batch on the heads known (see readHeads) and sends its statement; what it will answer is in `outcome`. */
  async function planAndSend(groups: readonly Group[], stored: ReadonlySet<string>, readNew = false) {
    const heads = await readHeads(sql, known, groups, readNew);
    const priors = new Map([...heads].map(([streamId, head]) => [streamId, { ...head }]));
    const seen = new Set(stored);
    const planned = groups.map((group) => plan(group, heads, seen));
    const rows = planned.flatMap((p) => (isPlanned(p) ? p.rows : []));
    const outcome = Promise.all([
      rows.length > 0 ? insertBatch(sql, rows, heads, priors) : new Map<string, never>(),
      storedAmongRefused(groups, planned, new Set(rows.map((r) => r.eventId))),
    ]).then(([inserted, refused]) => planned.map((p, i) => refused.get(i) ?? answer(p, inserted)));
    remember(heads, new Set(rows.map((r) => r.streamId)));
    return { outcome };
  }

  /**
   * A batch that failed as a whole, stored another way while no other batch is planned: planned again on heads read
   * (a stream it took for new may exist), knowing which ids are stored when the table refused one (a retry of an
   * append that was stored); each append alone should that fail too.
   */
  async function repair(groups: readonly Group[], failure: unknown): Promise<GroupAnswer<AppendResult>[]> {
    try {
      const stored = isStoredIdViolation(failure) ? await knownEventIds(sql, groups.flatMap(idsOf)) : new Set<string>();
      const { outcome } = await planAndSend(groups, stored, true);
      return await outcome;
    } catch {
      forget(streamsOf(groups));
    }
    const answers: GroupAnswer<AppendResult>[] = [];
    for (const requests of groups)
      answers.push(
        await alone(requests).then(
          (value) => ({ ok: true, value }) as const,
          (error: unknown) => ({ ok: false, error }) as const,
        ),
      );
    // A batch sent before this repair began may have moved these streams before the append function did.
    forget(streamsOf(groups));
    return answers;
  }

  /**
   * A stream that moved past what a caller expected may have moved by that very append (a retry): stored ids come
   * first, as in the append function. Neither a refusal nor a duplicate moves a head, so the others' plans stand.
   * Ids this batch stores itself (looked up after its insert) were not stored when the refused append came.
   */
  async function storedAmongRefused(
    groups: readonly Group[],
    planned: readonly (Planned | GroupAnswer<AppendResult>)[],
    storing: ReadonlySet<string>,
  ) {
    const refused = new Map<number, GroupAnswer<AppendResult>>();
    const indexes = planned.flatMap((p, i) => (isVersionRejection(p) ? [i] : []));
    if (indexes.length === 0) return refused;
    const stored = await knownEventIds(
      sql,
      indexes.flatMap((i) => idsOf(groups[i]!)),
    );
    for (const id of storing) stored.delete(id);
    for (const i of indexes) {
      const duplicate = duplicateAnswer(idsOf(groups[i]!), stored);
      if (duplicate) refused.set(i, duplicate);
    }
    return refused;
  }

  return {
    forget,
    async append(groups) {
      const { outcome } = await inTurn(() => planAndSend(groups, new Set()));
      try {
        return await outcome;
      } catch (failure) {
        forget(streamsOf(groups));
        return inTurn(() => repair(groups, failure));
      }
    },
  };
}

function answer(
  p: Planned | GroupAnswer<AppendResult>,
  inserted: Map<string, { global_position: string; transaction_id: string; recorded_at: string }>,
): GroupAnswer<AppendResult> {
  if (!isPlanned(p)) return p;
  const events = p.rows.map((row): StoredEvent => {
    const s = inserted.get(row.eventId);
    if (!s) throw new Error(`event ${row.eventId} was not returned by its insert`);
    const event: StoredEvent = {
      streamId: row.streamId,
      streamPosition: row.streamPosition,
      eventId: row.eventId,
      type: row.type,
      schemaVersion: row.schemaVersion,
      data: row.data,
      metadata: row.metadata,
      transactionId: BigInt(s.transaction_id),
      globalPosition: BigInt(s.global_position),
      recordedAt: new Date(s.recorded_at),
    };
    noteEncodedEvent(event, row.dataJson, row.metadataJson);
    return event;
  });
  return { ok: true, value: { outcome: 'appended', versions: p.versions, events } };
}
