/**
 * The projection's shell: one batch of stored events → the read-model tables, inside the caller's transaction
 * (the store subscription's, so the rows and the checkpoint commit together). The tables also record the last
 * position they include, and events at or before it are skipped: applying a batch twice changes nothing, and a
 * rebuild's swapped-in tables tell the live subscription where they stand.
 */
import { comparePositions, pipeline, type Position, type SqlExecutor, type StoredEvent } from '@qal/events';
import type { Period } from '../config.ts';
import { factsOf, type Fact } from '../core/facts.ts';
import {
  applyFact,
  gameScoreKey,
  globalScoreKey,
  matchIdsToLoad,
  ReadModel,
  rowKeysFor,
  statsKey,
  type GameScoreRow,
  type GlobalScoreRow,
  type MatchRow,
  type PlayerRow,
  type RowKeys,
  type StatsRow,
} from '../core/fold.ts';
import type { TableSet } from './tables.ts';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const isoOf = (column: string) => `to_char(${column} at time zone 'UTC', ${ISO})`;
const SEP = '\u001f';

export async function loadPosition(sql: SqlExecutor, tables: TableSet, projection: string): Promise<Position | null> {
  const { rows } = await sql.query<{ transaction_id: string; global_position: string }>(
    `select transaction_id, global_position from ${tables.leaderboard_position} where projection = $1`,
    [projection],
  );
  const row = rows[0];
  return row ? { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) } : null;
}

/**
 * Rows kept between batches by the writer of a set of tables: a row in `model` is the row as stored, as long as
 * the tables' position is the one the cache last wrote. `complete` means the model holds every row there is
 * (tables that started empty: a rebuild), so nothing needs loading at all; past `maxRows` the cache is dropped
 * and batches load what they need again.
 */
export interface RowCache {
  model: ReadModel;
  complete: boolean;
  readonly maxRows: number;
  /** The tables' position when the cache was last in step with them; another position there voids the cache. */
  position: Position | null | undefined;
}

/** A fresh cache: `complete` only for tables known to be empty. */
export const newRowCache = (maxRows: number, complete = false): RowCache => ({
  model: new ReadModel(),
  complete,
  maxRows,
  position: complete ? null : undefined,
});

function forget(cache: RowCache): void {
  cache.model = new ReadModel();
  cache.complete = false;
  cache.position = undefined;
}

const samePosition = (a: Position | null | undefined, b: Position | null) =>
  a !== undefined && (a === null || b === null ? a === b : comparePositions(a, b) === 0);

/** Applies the events after the tables' own position; returns the new position (or the old one if none was new). */
export async function applyEvents(
  sql: SqlExecutor,
  tables: TableSet,
  projection: string,
  events: readonly StoredEvent[],
  cache?: RowCache,
): Promise<Position | null> {
  const position = await loadPosition(sql, tables, projection);
  const fresh = position ? events.filter((e) => comparePositions(e, position) > 0) : events;
  const last = fresh.at(-1);
  if (!last) return position;
  const facts: Fact[] = fresh.flatMap(factsOf);

  if (cache && !samePosition(cache.position, position)) {
    // Someone else wrote these tables since (another instance, a rebuild's swap, a batch rolled back): start over.
    cache.model = new ReadModel();
    cache.complete = false;
  }
  const model = cache?.model ?? new ReadModel();
  const next: Position = { transactionId: last.transactionId, globalPosition: last.globalPosition };
  try {
    if (facts.length > 0 && !cache?.complete) {
      const missingMatches = matchIdsToLoad(facts).filter((id) => !model.matches.has(id));
      for (const row of await loadMatches(sql, tables, missingMatches)) model.matches.set(row.matchId, row);
      await loadRows(sql, tables, model, withoutCached(rowKeysFor(facts, model.matches), model));
    }
    for (const fact of facts) applyFact(model, fact);
    await writeBack(sql, tables, projection, model, next);
    model.written();
  } catch (error) {
    if (cache) forget(cache);
    throw error;
  }
  if (cache) {
    cache.position = next;
    if (model.rows > cache.maxRows) forget(cache);
  }
  return { transactionId: last.transactionId, globalPosition: last.globalPosition };
}

async function loadMatches(sql: SqlExecutor, tables: TableSet, matchIds: readonly string[]): Promise<MatchRow[]> {
  if (matchIds.length === 0) return [];
  const { rows } = await sql.query<{
    match_id: string;
    user_id: string | null;
    game: string;
    category: string;
    players: string[] | null;
    rounds: number;
  }>(`select match_id, user_id, game, category, players, rounds from ${tables.leaderboard_matches} where match_id = any($1::text[])`, [
    matchIds,
  ]);
  return rows.map((r) => ({
    matchId: r.match_id,
    userId: r.user_id,
    game: r.game,
    category: r.category,
    players: r.players,
    rounds: Number(r.rounds),
  }));
}

const split = (key: string) => key.split(SEP);

/** The keys whose rows the model does not hold yet. */
function withoutCached(keys: RowKeys, model: ReadModel): RowKeys {
  const missing = (set: ReadonlySet<string>, map: ReadonlyMap<string, unknown>) => new Set([...set].filter((k) => !map.has(k)));
  return {
    players: missing(keys.players, model.players),
    gameScores: missing(keys.gameScores, model.gameScores),
    globalScores: missing(keys.globalScores, model.globalScores),
    stats: missing(keys.stats, model.stats),
  };
}

/**
 * Reads the rows of the keys the model lacks. Each composite key is looked up by its primary key (a lateral lookup of
 * at most one row): as a join the planner takes the keys for a hundred rows and, for tables of a few thousand to tens
 * of thousands of rows, scans the whole table in every batch.
 */
async function loadRows(sql: SqlExecutor, tables: TableSet, model: ReadModel, keys: ReturnType<typeof rowKeysFor>): Promise<void> {
  if (keys.players.size > 0) {
    const { rows } = await sql.query<{ user_id: string; name: string; avatar: string | null }>(
      `select user_id, name, avatar from ${tables.leaderboard_players} where user_id = any($1::text[])`,
      [[...keys.players]],
    );
    for (const r of rows) model.players.set(r.user_id, { userId: r.user_id, name: r.name, avatar: r.avatar } satisfies PlayerRow);
  }
  if (keys.gameScores.size > 0) {
    const wanted = [...keys.gameScores].map((k) => {
      const [game, period, period_key, user_id] = split(k);
      return { game, period, period_key, user_id };
    });
    const { rows } = await sql.query<{
      game: string;
      period: Period;
      period_key: string;
      user_id: string;
      best_score: number;
      normalised: number;
      achieved_at: string;
    }>(
      `select g.game, g.period, g.period_key, g.user_id, g.best_score, g.normalised, ${isoOf('g.achieved_at')} as achieved_at
         from jsonb_to_recordset($1::jsonb) as k(game text, period text, period_key text, user_id text)
         cross join lateral (select * from ${tables.leaderboard_game_scores} g
                              where g.game = k.game and g.period = k.period and g.period_key = k.period_key and g.user_id = k.user_id
                              limit 1) g`,
      [JSON.stringify(wanted)],
    );
    for (const r of rows) {
      model.gameScores.set(gameScoreKey(r.game, r.period, r.period_key, r.user_id), {
        game: r.game,
        period: r.period,
        periodKey: r.period_key,
        userId: r.user_id,
        bestScore: Number(r.best_score),
        normalised: Number(r.normalised),
        achievedAt: r.achieved_at,
      } satisfies GameScoreRow);
    }
  }
  if (keys.globalScores.size > 0) {
    const wanted = [...keys.globalScores].map((k) => {
      const [period, period_key, user_id] = split(k);
      return { period, period_key, user_id };
    });
    const { rows } = await sql.query<{ period: Period; period_key: string; user_id: string; score: number; achieved_at: string }>(
      `select g.period, g.period_key, g.user_id, g.score, ${isoOf('g.achieved_at')} as achieved_at
         from jsonb_to_recordset($1::jsonb) as k(period text, period_key text, user_id text)
         cross join lateral (select * from ${tables.leaderboard_global_scores} g
                              where g.period = k.period and g.period_key = k.period_key and g.user_id = k.user_id limit 1) g`,
      [JSON.stringify(wanted)],
    );
    for (const r of rows) {
      model.globalScores.set(globalScoreKey(r.period, r.period_key, r.user_id), {
        period: r.period,
        periodKey: r.period_key,
        userId: r.user_id,
        score: Number(r.score),
        achievedAt: r.achieved_at,
      } satisfies GlobalScoreRow);
    }
  }
  if (keys.stats.size > 0) {
    const wanted = [...keys.stats].map((k) => {
      const [user_id, scope] = split(k);
      return { user_id, scope };
    });
    const { rows } = await sql.query<StatsRecord>(
      `select s.user_id, s.scope, s.games_played, s.wins, s.scored_games, s.total_score::float8 as total_score, s.highest_score, s.xp::float8 as xp,
              s.tokens_earned::float8 as tokens_earned, s.rounds, ${isoOf('s.last_played')} as last_played, s.current_streak, s.longest_streak
         from jsonb_to_recordset($1::jsonb) as k(user_id text, scope text)
         cross join lateral (select * from ${tables.leaderboard_player_stats} s where s.user_id = k.user_id and s.scope = k.scope limit 1) s`,
      [JSON.stringify(wanted)],
    );
    for (const r of rows) model.stats.set(statsKey(r.user_id, r.scope), statsFromRecord(r));
  }
}

export interface StatsRecord {
  user_id: string;
  scope: string;
  games_played: number;
  wins: number;
  scored_games: number;
  total_score: number;
  highest_score: number;
  xp: number;
  tokens_earned: number;
  rounds: number;
  last_played: string | null;
  current_streak: number;
  longest_streak: number;
}

export const statsFromRecord = (r: StatsRecord): StatsRow => ({
  userId: r.user_id,
  scope: r.scope,
  gamesPlayed: Number(r.games_played),
  wins: Number(r.wins),
  scoredGames: Number(r.scored_games),
  totalScore: Number(r.total_score),
  highestScore: Number(r.highest_score),
  xp: Number(r.xp),
  tokensEarned: Number(r.tokens_earned),
  rounds: Number(r.rounds),
  lastPlayed: r.last_played,
  currentStreak: Number(r.current_streak),
  longestStreak: Number(r.longest_streak),
});

/**
 * Writes every changed row and the new position in one statement (one data-modifying CTE per table): one round
 * trip per batch, which is what keeps the live projection's lag short under load.
 */
async function writeBack(sql: SqlExecutor, tables: TableSet, projection: string, model: ReadModel, last: Position): Promise<void> {
  const pick = <T>(map: ReadonlyMap<string, T>, keys: ReadonlySet<string>) => [...keys].map((k) => map.get(k)!);
  const parts: string[] = [];
  const params: unknown[] = [projection, last.transactionId.toString(), last.globalPosition.toString()];
  const add = (rows: readonly unknown[], statement: (param: string) => string) => {
    if (rows.length === 0) return;
    params.push(JSON.stringify(rows));
    parts.push(`w${parts.length} as (${statement(`$${params.length}::jsonb`)})`);
  };

  add(
    pick(model.players, model.dirty.players),
    (p) => `
    insert into ${tables.leaderboard_players} (user_id, name, avatar)
    select "userId", name, avatar from jsonb_to_recordset(${p}) as r("userId" text, name text, avatar text)
    on conflict (user_id) do update set name = excluded.name, avatar = excluded.avatar`,
  );
  add(
    pick(model.matches, model.dirty.matches),
    (p) => `
    insert into ${tables.leaderboard_matches} (match_id, user_id, game, category, players, rounds)
    select "matchId", "userId", game, category, players, rounds
      from jsonb_to_recordset(${p}) as r("matchId" text, "userId" text, game text, category text, players jsonb, rounds integer)
    on conflict (match_id) do update set players = excluded.players, rounds = excluded.rounds`,
  );
  add(
    pick(model.gameScores, model.dirty.gameScores),
    (p) => `
    insert into ${tables.leaderboard_game_scores} (game, period, period_key, user_id, best_score, normalised, achieved_at)
    select game, period, "periodKey", "userId", "bestScore", normalised, "achievedAt"
      from jsonb_to_recordset(${p}) as r(game text, period text, "periodKey" text, "userId" text, "bestScore" integer, normalised integer, "achievedAt" timestamptz)
    on conflict (game, period, period_key, user_id) do update
      set best_score = excluded.best_score, normalised = excluded.normalised, achieved_at = excluded.achieved_at`,
  );
  add(
    pick(model.globalScores, model.dirty.globalScores),
    (p) => `
    insert into ${tables.leaderboard_global_scores} (period, period_key, user_id, score, achieved_at)
    select period, "periodKey", "userId", score, "achievedAt"
      from jsonb_to_recordset(${p}) as r(period text, "periodKey" text, "userId" text, score integer, "achievedAt" timestamptz)
    on conflict (period, period_key, user_id) do update set score = excluded.score, achieved_at = excluded.achieved_at`,
  );
  add(
    pick(model.stats, model.dirty.stats),
    (p) => `
    insert into ${tables.leaderboard_player_stats}
      (user_id, scope, games_played, wins, total_score, highest_score, xp, tokens_earned, rounds, last_played, current_streak, longest_streak, scored_games)
    select "userId", scope, "gamesPlayed", wins, "totalScore", "highestScore", xp, "tokensEarned", rounds, "lastPlayed", "currentStreak", "longestStreak", "scoredGames"
      from jsonb_to_recordset(${p}) as r("userId" text, scope text, "gamesPlayed" integer, wins integer, "totalScore" bigint,
           "highestScore" integer, xp bigint, "tokensEarned" bigint, rounds integer, "lastPlayed" timestamptz, "currentStreak" integer, "longestStreak" integer,
           "scoredGames" integer)
    on conflict (user_id, scope) do update set
      games_played = excluded.games_played, wins = excluded.wins, scored_games = excluded.scored_games, total_score = excluded.total_score,
      highest_score = excluded.highest_score, xp = excluded.xp, tokens_earned = excluded.tokens_earned, rounds = excluded.rounds,
      last_played = excluded.last_played, current_streak = excluded.current_streak, longest_streak = excluded.longest_streak`,
  );
  add(
    [...model.plays.values()],
    (p) => `
    insert into ${tables.leaderboard_plays} (match_id, user_id, game, category, score, won, xp, ended_at)
    select "matchId", "userId", game, category, score, won, xp, "endedAt"
      from jsonb_to_recordset(${p}) as r("matchId" text, "userId" text, game text, category text, score integer, won boolean, xp integer, "endedAt" timestamptz)
    on conflict (match_id, user_id) do nothing`,
  );

  const position = `insert into ${tables.leaderboard_position} (projection, transaction_id, global_position) values ($1, $2, $3)
     on conflict (projection) do update set transaction_id = excluded.transaction_id, global_position = excluded.global_position`;
  // Where the transaction can, not waited for: the commit answers for it (and a failed batch resets the cache, its
  // position being behind the cache's).
  const write = pipeline(sql);
  write.query(parts.length > 0 ? `with ${parts.join(',\n')}\n${position}` : position, params);
  await write.done();
}
