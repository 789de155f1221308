/**
 * Read-only questions the gateway asks the leaderboard service, over its own read-model tables: boards with
 * ranks (ties share a rank) and badges, a player's badge, statistics and public profile.
 */
import { levelFor } from '@qal/game-engine';
import { GAME_SLUGS } from '@qal/game-engine';
import type { SqlExecutor } from '@qal/events';
import {
  BADGE_PERIOD,
  BADGE_RANKS,
  BOARD_LIMIT_DEFAULT,
  BOARD_LIMIT_MAX,
  GLOBAL_SCORE_SCALE,
  PROJECTION_NAME,
  RECENT_PLAYS,
  type Badge,
  type Period,
} from './config.ts';
import { competitionRanks, gameBadgeForRank, highestBadge } from './core/badges.ts';
import { categoryOf, OVERALL, type StatsRow } from './core/fold.ts';
import { periodKey } from './core/periods.ts';
import { statsFromRecord, type StatsRecord } from './projection/apply.ts';
import { LIVE_TABLES as T } from './projection/tables.ts';

export interface BoardUser {
  readonly id: string;
  readonly name: string;
  readonly avatar: string | null;
}

export interface BoardEntry {
  readonly rank: number;
  readonly user: BoardUser;
  /** A game's best score; on the global board, points (each game's maximum is worth 1000), to 0.1. */
  readonly score: number;
  readonly badge: Badge | null;
}

export interface Board {
  readonly game: string | null;
  readonly period: Period;
  readonly periodKey: string;
  readonly entries: readonly BoardEntry[];
  readonly nextCursor: string | null;
  /** The viewer's own entry (null when they are not on this board, absent when nobody is signed in). */
  readonly me?: BoardEntry | null;
}

export interface BoardRequest {
  /** null: the global board. */
  readonly game: string | null;
  readonly period: Period;
  readonly now: Date;
  readonly limit?: number;
  readonly cursor?: string | null;
  readonly viewerId?: string | null;
}

/** One block of statistics (overall, one game, or one category), in the API's snake_case shape. */
export interface StatsBlock {
  readonly games_played: number;
  readonly wins: number;
  /** Wins ÷ games played, 0..1. */
  readonly win_rate: number;
  readonly tokens_earned: number;
  readonly level: number;
  readonly xp: number;
  readonly average_score: number;
  readonly highest_score: number;
  readonly total_score: number;
  readonly rounds: number;
  /** The best of the player's current all-time ranks in this scope (overall: global board and every game). */
  readonly best_rank: number | null;
  readonly last_played: string | null;
  /** Wins in a row, counting back from the latest game, and the longest such run. */
  readonly current_streak: number;
  readonly longest_streak: number;
}

export interface RecentPlay {
  readonly at: string;
  readonly game: string;
  readonly category: string;
  readonly score: number;
  readonly won: boolean;
}

export interface PlayerStats {
  readonly overall_stats: StatsBlock;
  readonly by_game: Readonly<Record<string, StatsBlock>>;
  readonly by_category: Readonly<Record<string, StatsBlock>>;
  /** The latest plays, oldest first (the score-over-time chart). */
  readonly recent_plays: readonly RecentPlay[];
}

export interface PlayerProfile {
  readonly id: string;
  readonly name: string;
  readonly avatar: string | null;
  readonly badge: Badge | null;
  readonly level: number;
}

export class InvalidCursorError extends Error {
  constructor() {
    super('not a cursor from this list');
    this.name = 'InvalidCursorError';
  }
}

export interface LeaderboardQueries {
  board(request: BoardRequest): Promise<Board>;
  badgeOf(userId: string): Promise<Badge | null>;
  stats(userId: string): Promise<PlayerStats>;
  /** Null when no such player is known. */
  profile(userId: string): Promise<PlayerProfile | null>;
}

interface Cursor {
  readonly s: number;
  readonly a: string;
  readonly u: string;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
function decodeCursor(text: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (
      typeof c.s === 'number' &&
      Number.isInteger(c.s) &&
      typeof c.a === 'string' &&
      !Number.isNaN(Date.parse(c.a)) &&
      typeof c.u === 'string'
    ) {
      return { s: c.s, a: c.a, u: c.u };
    }
  } catch {
    // falls through
  }
  throw new InvalidCursorError();
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const isoOf = (column: string) => `to_char(${column} at time zone 'UTC', ${ISO})`;
const points = (milli: number) => Math.round(milli / (GLOBAL_SCORE_SCALE / 10)) / 10;

interface BoardSource {
  readonly table: string;
  readonly score: string;
  /** Conditions with $1.. taken by `params`. */
  readonly where: string;
  readonly params: readonly unknown[];
  readonly present: (raw: number) => number;
}

function sourceOf(game: string | null, period: Period, key: string): BoardSource {
  return game
    ? {
        table: T.leaderboard_game_scores,
        score: 'best_score',
        where: 'b.game = $1 and b.period = $2 and b.period_key = $3',
        params: [game, period, key],
        present: (s) => s,
      }
    : {
        table: T.leaderboard_global_scores,
        score: 'score',
        where: 'b.period = $1 and b.period_key = $2',
        params: [period, key],
        present: points,
      };
}

interface RankedRow {
  user_id: string;
  score: number;
  achieved_at: string;
  name: string | null;
  avatar: string | null;
}

export function createLeaderboardQueries(db: SqlExecutor): LeaderboardQueries {
  let badgeCache: { position: string; badges: Map<string, Badge> } | null = null;
  let nextLookup: Promise<Map<string, Badge>> | null = null;

  /**
   * Every player's badge. A room's view names four players and a busy platform pushes many rooms at once: callers in
   * the same turn of the event loop share one lookup, sent once all of them have asked (so each still sees the
   * projection's position as of after it asked, never an older lookup's).
   */
  function badges(): Promise<Map<string, Badge>> {
    nextLookup ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      nextLookup = null;
      return lookUpBadges();
    });
    return nextLookup;
  }

  /** Every player's badge (from the all-time boards), recomputed only when the projection has moved. */
  async function lookUpBadges(): Promise<Map<string, Badge>> {
    const { rows: pos } = await db.query<{ global_position: string }>(
      `select global_position from ${T.leaderboard_position} where projection = $1`,
      [PROJECTION_NAME],
    );
    const position = pos[0]?.global_position ?? '0';
    if (badgeCache?.position === position) return badgeCache.badges;
    const all = periodKey(BADGE_PERIOD, new Date(0));
    const [emperors, games] = await Promise.all([
      db.query<{ user_id: string }>(
        `select user_id from ${T.leaderboard_global_scores}
          where period = $1 and period_key = $2 and score > 0
            and score = (select max(score) from ${T.leaderboard_global_scores} where period = $1 and period_key = $2)`,
        [BADGE_PERIOD, all],
      ),
      db.query<{ game: string; user_id: string; best_score: number }>(
        `select g.game, s.user_id, s.best_score
           from unnest($3::text[]) as g(game)
           cross join lateral (
             select t.user_id, t.best_score from ${T.leaderboard_game_scores} t
              where t.game = g.game and t.period = $1 and t.period_key = $2
                and t.best_score >= coalesce((select c.best_score from ${T.leaderboard_game_scores} c
                                               where c.game = g.game and c.period = $1 and c.period_key = $2
                                               order by c.best_score desc offset $4 limit 1), 0)
           ) s
          order by g.game, s.best_score desc`,
        [BADGE_PERIOD, all, [...GAME_SLUGS], BADGE_RANKS.fitawrari.to - 1],
      ),
    ]);
    const result = new Map<string, Badge>();
    const give = (userId: string, badge: Badge | null) => {
      const best = highestBadge([result.get(userId) ?? null, badge]);
      if (best) result.set(userId, best);
    };
    for (const row of emperors.rows) give(row.user_id, 'emperor');
    const byGame = new Map<string, { user_id: string; best_score: number }[]>();
    for (const row of games.rows) byGame.set(row.game, [...(byGame.get(row.game) ?? []), row]);
    for (const list of byGame.values()) {
      const ranks = competitionRanks(list.map((r) => Number(r.best_score)));
      list.forEach((row, i) => give(row.user_id, gameBadgeForRank(ranks[i]!)));
    }
    badgeCache = { position, badges: result };
    return result;
  }

  async function badgeOf(userId: string): Promise<Badge | null> {
    return (await badges()).get(userId) ?? null;
  }

  async function rankOf(source: BoardSource, score: number): Promise<number> {
    const n = source.params.length;
    const { rows } = await db.query<{ higher: string }>(
      `select count(*)::text as higher from ${source.table} b where ${source.where} and b.${source.score} > $${n + 1}`,
      [...source.params, score],
    );
    return 1 + Number(rows[0]?.higher ?? 0);
  }

  const select = (source: BoardSource) =>
    `select b.user_id, b.${source.score} as score, ${isoOf('b.achieved_at')} as achieved_at, p.name, p.avatar
       from ${source.table} b left join ${T.leaderboard_players} p on p.user_id = b.user_id`;

  const entryOf = (source: BoardSource, row: RankedRow, rank: number, badgeMap: Map<string, Badge>): BoardEntry => ({
    rank,
    user: { id: row.user_id, name: row.name ?? '', avatar: row.avatar },
    score: source.present(Number(row.score)),
    badge: badgeMap.get(row.user_id) ?? null,
  });

  return {
    async board(request) {
      const key = periodKey(request.period, request.now);
      const source = sourceOf(request.game, request.period, key);
      const limit = Math.min(BOARD_LIMIT_MAX, Math.max(1, request.limit ?? BOARD_LIMIT_DEFAULT));
      const cursor = request.cursor ? decodeCursor(request.cursor) : null;
      const n = source.params.length;
      const after = cursor
        ? ` and (b.${source.score} < $${n + 1} or (b.${source.score} = $${n + 1} and (b.achieved_at > $${n + 2}::timestamptz or (b.achieved_at = $${n + 2}::timestamptz and b.user_id > $${n + 3}))))`
        : '';
      const params = cursor ? [...source.params, cursor.s, cursor.a, cursor.u] : [...source.params];
      const { rows } = await db.query<RankedRow>(
        `${select(source)} where ${source.where}${after}
          order by b.${source.score} desc, b.achieved_at, b.user_id limit $${params.length + 1}`,
        [...params, limit + 1],
      );
      const page = rows.slice(0, limit);
      const badgeMap = await badges();
      const entries: BoardEntry[] = [];
      if (page.length > 0) {
        const first = page[0]!;
        const firstRank = await rankOf(source, Number(first.score));
        // Positions count every row before in display order; a rank only moves on when the score changes.
        const { rows: before } = await db.query<{ n: string }>(
          `select count(*)::text as n from ${source.table} b where ${source.where}
             and (b.${source.score} > $${n + 1} or (b.${source.score} = $${n + 1} and (b.achieved_at < $${n + 2}::timestamptz
                  or (b.achieved_at = $${n + 2}::timestamptz and b.user_id < $${n + 3}))))`,
          [...source.params, Number(first.score), first.achieved_at, first.user_id],
        );
        const firstPosition = 1 + Number(before[0]?.n ?? 0);
        let rank = firstRank;
        page.forEach((row, i) => {
          if (i > 0 && Number(row.score) !== Number(page[i - 1]!.score)) rank = firstPosition + i;
          entries.push(entryOf(source, row, rank, badgeMap));
        });
      }
      const last = page.at(-1);
      const nextCursor = rows.length > limit && last ? encodeCursor({ s: Number(last.score), a: last.achieved_at, u: last.user_id }) : null;
      const board: Board = { game: request.game, period: request.period, periodKey: key, entries, nextCursor };
      if (request.viewerId === undefined || request.viewerId === null) return board;
      const { rows: mine } = await db.query<RankedRow>(`${select(source)} where ${source.where} and b.user_id = $${n + 1}`, [
        ...source.params,
        request.viewerId,
      ]);
      const own = mine[0];
      return { ...board, me: own ? entryOf(source, own, await rankOf(source, Number(own.score)), badgeMap) : null };
    },

    badgeOf,

    async stats(userId) {
      const all = periodKey('all', new Date(0));
      const [statsRows, plays, gameRanks, globalRank] = await Promise.all([
        db.query<StatsRecord>(
          `select user_id, scope, games_played, wins, scored_games, total_score::float8 as total_score, highest_score, xp::float8 as xp,
                  tokens_earned::float8 as tokens_earned, rounds, ${isoOf('last_played')} as last_played, current_streak, longest_streak
             from ${T.leaderboard_player_stats} where user_id = $1`,
          [userId],
        ),
        db.query<{ ended_at: string; game: string; category: string; score: number; won: boolean }>(
          `select * from (select ${isoOf('ended_at')} as ended_at, ended_at as t, game, category, score, won
                            from ${T.leaderboard_plays} where user_id = $1 order by ended_at desc limit $2) x order by t`,
          [userId, RECENT_PLAYS],
        ),
        db.query<{ game: string; rank: string }>(
          `select b.game, (1 + (select count(*) from ${T.leaderboard_game_scores} o
                                 where o.game = b.game and o.period = b.period and o.period_key = b.period_key and o.best_score > b.best_score))::text as rank
             from ${T.leaderboard_game_scores} b where b.user_id = $1 and b.period = 'all' and b.period_key = $2`,
          [userId, all],
        ),
        db.query<{ rank: string }>(
          `select (1 + (select count(*) from ${T.leaderboard_global_scores} o
                         where o.period = b.period and o.period_key = b.period_key and o.score > b.score))::text as rank
             from ${T.leaderboard_global_scores} b where b.user_id = $1 and b.period = 'all' and b.period_key = $2`,
          [userId, all],
        ),
      ]);
      const rankByGame = new Map(gameRanks.rows.map((r) => [r.game, Number(r.rank)]));
      const minRank = (ranks: readonly (number | undefined)[]) => {
        const known = ranks.filter((r): r is number => r !== undefined);
        return known.length > 0 ? Math.min(...known) : null;
      };
      const rows = statsRows.rows.map(statsFromRecord);
      const overall = rows.find((r) => r.scope === OVERALL);
      const by_game: Record<string, StatsBlock> = {};
      const by_category: Record<string, StatsBlock> = {};
      for (const row of rows) {
        if (row.scope.startsWith('game:')) {
          const game = row.scope.slice('game:'.length);
          by_game[game] = block(row, minRank([rankByGame.get(game)]));
        } else if (row.scope.startsWith('category:')) {
          const category = row.scope.slice('category:'.length);
          by_category[category] = block(row, minRank([...rankByGame].filter(([g]) => categoryOf(g) === category).map(([, r]) => r)));
        }
      }
      const globalRankValue = globalRank.rows[0] ? Number(globalRank.rows[0].rank) : undefined;
      return {
        overall_stats: block(overall ?? null, minRank([globalRankValue, ...rankByGame.values()])),
        by_game,
        by_category,
        recent_plays: plays.rows.map((p) => ({ at: p.ended_at, game: p.game, category: p.category, score: Number(p.score), won: p.won })),
      };
    },

    async profile(userId) {
      const { rows } = await db.query<{ name: string; avatar: string | null; xp: number | null }>(
        `select p.name, p.avatar, s.xp::float8 as xp from ${T.leaderboard_players} p
           left join ${T.leaderboard_player_stats} s on s.user_id = p.user_id and s.scope = $2
          where p.user_id = $1`,
        [userId, OVERALL],
      );
      const row = rows[0];
      if (!row) return null;
      return { id: userId, name: row.name, avatar: row.avatar, badge: await badgeOf(userId), level: levelFor(Number(row.xp ?? 0)).level };
    },
  };
}

/** A stats row as the API shows it; no row means nothing played yet. */
function block(row: StatsRow | null, bestRank: number | null): StatsBlock {
  const played = row?.gamesPlayed ?? 0;
  const wins = row?.wins ?? 0;
  const total = row?.totalScore ?? 0;
  // Over single-player games only: a multiplayer game has no board score (README "Decisions").
  const scored = row?.scoredGames ?? 0;
  const xp = row?.xp ?? 0;
  return {
    games_played: played,
    wins,
    win_rate: played === 0 ? 0 : Math.round((wins / played) * 10_000) / 10_000,
    tokens_earned: row?.tokensEarned ?? 0,
    level: levelFor(xp).level,
    xp,
    average_score: scored === 0 ? 0 : Math.round((total / scored) * 10) / 10,
    highest_score: row?.highestScore ?? 0,
    total_score: total,
    rounds: row?.rounds ?? 0,
    best_rank: bestRank,
    last_played: row?.lastPlayed ?? null,
    current_streak: row?.currentStreak ?? 0,
    longest_streak: row?.longestStreak ?? 0,
  };
}
