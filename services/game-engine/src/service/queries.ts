/**
 * Read-only questions the gateway asks the engine. A match's view and replay are folded from its stream (always
 * current, and the only place the word is); statistics and daily counts come from the read model.
 */
import type { EventStore, SqlExecutor } from '@qal/events';
import { levelFor } from '../catalogue/rewards.ts';
import { HANGMAN_DAILY_PLAY_LIMIT } from '../config.ts';
import { evolve, replay as replayHangman } from '../games/hangman/decider.ts';
import type { HangmanEvent } from '../games/hangman/messages.ts';
import { NOT_STARTED, type HangmanState } from '../games/hangman/state.ts';
import { viewFor, type HangmanView } from '../games/hangman/view.ts';
import { addisDay } from './addis-day.ts';
import type { MatchStatus } from './match.ts';
import { hasStarted, viewOf } from './match.ts';
import { loadMatch } from './shell.ts';

export interface MatchSummary {
  readonly matchId: string;
  readonly playerId: string;
  readonly status: MatchStatus;
  /** Null until the game has started (a paid start in progress, refused or abandoned). */
  readonly view: HangmanView | null;
  /** The event-store global position of the match's last event: pushes of the view are versioned by it. */
  readonly version: number;
}

export interface ReplayStep {
  readonly index: number;
  readonly kind: 'start' | 'guess' | 'hint' | 'won' | 'lost';
  readonly at: string;
  readonly letter?: string;
  readonly hit?: boolean;
  /** What the player saw after this step. */
  readonly view: HangmanView;
}

export interface MatchReplay {
  readonly matchId: string;
  readonly word: string;
  readonly final: HangmanView;
  readonly steps: readonly ReplayStep[];
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
  /** A single-player game is one round. */
  readonly rounds: number;
  /** Leaderboards are not built yet: no rank. */
  readonly best_rank: number | null;
  readonly last_played: string | null;
  /** Wins in a row, counting back from the latest game, and the longest such run. */
  readonly current_streak: number;
  readonly longest_streak: number;
}

export interface PlayerStats {
  readonly overall_stats: StatsBlock;
  readonly by_game: Readonly<Record<string, StatsBlock>>;
  readonly by_category: Readonly<Record<string, StatsBlock>>;
}

export interface DailyPlaysSummary {
  readonly day: string;
  readonly played: number;
  readonly limit: number;
}

export interface EngineQueries {
  match(matchId: string): Promise<MatchSummary | null>;
  /** Every step of a finished match; 'match_not_over' before the end, null when there is no such match. */
  replay(matchId: string): Promise<MatchReplay | 'match_not_over' | null>;
  stats(userId: string): Promise<PlayerStats>;
  /** Hangman plays counted against today's limit (Africa/Addis_Ababa day of `now`). */
  dailyPlays(userId: string, now: Date): Promise<DailyPlaysSummary>;
  /** The player's game in progress, if any (so a reloaded page can carry on). */
  currentMatch(userId: string, now: Date): Promise<MatchSummary | null>;
}

interface FinishedRow {
  game: string;
  game_category: string;
  status: 'won' | 'lost';
  score: number;
  tokens_won: number;
  xp_won: number;
  ended_at: Date | string;
}

export function createEngineQueries(deps: { store: EventStore; db: SqlExecutor }): EngineQueries {
  return {
    async match(matchId) {
      const { match, stored } = await loadMatch(deps.store, matchId);
      if (!match) return null;
      const version = Number(stored.at(-1)?.globalPosition ?? 0n);
      return { matchId, playerId: match.playerId, status: match.status, view: viewOf(match), version };
    },

    async replay(matchId) {
      const { match, events } = await loadMatch(deps.store, matchId);
      if (!match || !hasStarted(match)) return null;
      if (match.hangman.status === 'playing' || match.hangman.status === 'not_started') return 'match_not_over';
      return replayOf(matchId, events.filter(isHangmanEvent));
    },

    async stats(userId) {
      const { rows } = await deps.db.query<FinishedRow>(
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
    },

    async dailyPlays(userId, now) {
      const day = addisDay(now);
      const { rows } = await deps.db.query<{ played: string }>(
        `select count(*)::text as played from engine_matches
          where player_id = $1 and day = $2 and game = 'hangman' and status not in ('refused', 'abandoned')`,
        [userId, day],
      );
      return { day, played: Number(rows[0]?.played ?? 0), limit: HANGMAN_DAILY_PLAY_LIMIT };
    },

    async currentMatch(userId, now) {
      const { rows } = await deps.db.query<{ match_id: string }>(
        `select match_id from engine_matches
          where player_id = $1 and status = 'playing' and deadline > $2
          order by started_at desc limit 1`,
        [userId, now.toISOString()],
      );
      const matchId = rows[0]?.match_id;
      if (!matchId) return null;
      const summary = await this.match(matchId);
      return summary?.status === 'playing' ? summary : null;
    },
  };
}

const HANGMAN_EVENT_TYPES = new Set(['HangmanStarted', 'LetterGuessed', 'HintUsed', 'HangmanWon', 'HangmanLost']);
const isHangmanEvent = (event: { type: string }): event is HangmanEvent => HANGMAN_EVENT_TYPES.has(event.type);

function replayOf(matchId: string, events: readonly HangmanEvent[]): MatchReplay {
  const steps: ReplayStep[] = [];
  let state: HangmanState = NOT_STARTED;
  for (const event of events) {
    state = evolve(state, event);
    const view = viewFor(state, '')!;
    const index = steps.length;
    switch (event.type) {
      case 'HangmanStarted':
        steps.push({ index, kind: 'start', at: event.data.startedAt, view });
        break;
      case 'LetterGuessed':
        steps.push({ index, kind: 'guess', at: event.data.at, letter: event.data.letter, hit: event.data.hit, view });
        break;
      case 'HintUsed':
        steps.push({ index, kind: 'hint', at: event.data.at, letter: event.data.letter, view });
        break;
      case 'HangmanWon':
        steps.push({ index, kind: 'won', at: event.data.at, view });
        break;
      case 'HangmanLost':
        steps.push({ index, kind: 'lost', at: event.data.at, view });
        break;
    }
  }
  const final = replayHangman(events);
  const finalView = viewFor(final, '')!;
  return { matchId, word: finalView.word ?? '', final: finalView, steps };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  return groups;
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
