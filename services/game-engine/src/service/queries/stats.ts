/** A player's statistics of finished single-player games, overall, by game and by category, and today's plays. */
import type { SqlExecutor } from '@qal/events';
import { levelFor } from '../../catalogue/rewards.ts';
import { HANGMAN_DAILY_PLAY_LIMIT } from '../../config.ts';
import { addisDay } from '../addis-day.ts';
import { groupBy } from '../group-by.ts';
import type { DailyPlaysSummary, PlayerStats, StatsBlock } from './types.ts';

interface FinishedRow {
  game: string;
  game_category: string;
  status: 'won' | 'lost';
  score: number;
  tokens_won: number;
  xp_won: number;
  ended_at: Date | string;
}

export async function playerStats(db: SqlExecutor, userId: string): Promise<PlayerStats> {
  const { rows } = await db.query<FinishedRow>(
    `select game, game_category, status, score, tokens_won, xp_won, ended_at
       from engine_matches
      where player_id = $1 and status in ('won', 'lost')
      order by ended_at, match_id`,
    [userId],
  );
  const byGame = groupBy(rows, (r) => r.game);
  const byCategory = groupBy(rows, (r) => r.game_category);
  return {
    overall_stats: block(rows),
    by_game: Object.fromEntries([...byGame].map(([game, list]) => [game, block(list)])),
    by_category: Object.fromEntries([...byCategory].map(([category, list]) => [category, block(list)])),
  };
}

export async function dailyPlays(db: SqlExecutor, userId: string, now: Date): Promise<DailyPlaysSummary> {
  const day = addisDay(now);
  const { rows } = await db.query<{ played: string }>(
    `select count(*)::text as played from engine_matches
      where player_id = $1 and day = $2 and game = 'hangman' and status not in ('refused', 'abandoned')`,
    [userId, day],
  );
  return { day, played: Number(rows[0]?.played ?? 0), limit: HANGMAN_DAILY_PLAY_LIMIT };
}

/** Statistics of finished games, given oldest first. */
function block(rows: readonly FinishedRow[]): StatsBlock {
  const played = rows.length;
  const wins = rows.filter((r) => r.status === 'won').length;
  const scores = rows.map((r) => Number(r.score));
  const total = scores.reduce((a, b) => a + b, 0);
  const xp = rows.reduce((a, r) => a + Number(r.xp_won), 0);
  let current = 0;
  let longest = 0;
  for (const row of rows) {
    current = row.status === 'won' ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  const last = rows.at(-1)?.ended_at;
  return {
    games_played: played,
    wins,
    win_rate: played === 0 ? 0 : Math.round((wins / played) * 10_000) / 10_000,
    tokens_earned: rows.reduce((a, r) => a + Number(r.tokens_won), 0),
    level: levelFor(xp).level,
    xp,
    average_score: played === 0 ? 0 : Math.round((total / played) * 10) / 10,
    highest_score: played === 0 ? 0 : Math.max(...scores),
    total_score: total,
    rounds: played,
    best_rank: null,
    last_played: last ? new Date(last).toISOString() : null,
    current_streak: current,
    longest_streak: longest,
  };
}
