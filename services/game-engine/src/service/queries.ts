/**
 * Read-only questions the gateway asks the engine. A match's view and replay are folded from its stream (always
 * current, and the only place the word is); statistics and daily counts come from the read model.
 *
 * Rooms (issue 5), as in helpers/ROOMS.md, with these details:
 * - `room(code)` folds the room stream (always current); `version` is the global position of its last event.
 * - `match(matchId)` answers single-player Hangman as before (now with `kind: 'hangman'`), and a duel with
 *   `{ kind: 'duel', matchId, playerIds, roomCode, status, version }`.
 * - `matchView(matchId, viewerId)` works for both kinds (a Hangman view only for its own player).
 * - Crazy (issue 7): `match` answers `kind: 'crazy'` (the duel's shape), `matchView` the player's CrazyView, and
 *   `replay` `{ kind: 'crazy', matchId, roomCode, final, steps }` with every hand shown at every step.
 * - `replay(matchId)` answers a duel with `{ kind: 'duel', matchId, roomCode, final, steps }` (every step's view
 *   with the words shown), 'match_not_over' while it is on.
 * - `history(userId, { limit, cursor })`: newest first; `cursor` is the opaque `nextCursor` of the page before.
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
import { replaySteps, viewFor as duelViewFor, type DuelView, type ReplayStep as DuelReplayStep } from '../games/hangman-duel/index.ts';
import type { RoomState } from '../rooms/state.ts';
import { invitedIdsOf, memberIdsOf, roomView, type RoomView } from '../rooms/view.ts';
import { loadDuel } from './duel-match.ts';
import { loadCrazy } from './crazy-match.ts';
import {
  replaySteps as crazyReplaySteps,
  viewFor as crazyViewFor,
  type CrazyView,
  type ReplayStep as CrazyReplayStep,
} from '../games/crazy/index.ts';
import { loadRoom } from './rooms.ts';
import { groupBy } from './group-by.ts';

export interface MatchSummary {
  readonly kind: 'hangman';
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

/** A single-player Hangman replay. */
export interface HangmanReplay {
  readonly kind: 'hangman';
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

export interface DuelMatchSummary {
  /** A room's match: the word duel or Crazy. */
  readonly kind: 'duel' | 'crazy';
  readonly matchId: string;
  /** No single-player view or owner: a duel's views are per player (matchView). */
  readonly view: null;
  readonly playerId: null;
  readonly roomCode: string;
  /** Seat order. */
  readonly playerIds: string[];
  readonly status: 'playing' | 'finished';
  readonly version: number;
}

export interface DuelReplay {
  readonly kind: 'duel';
  readonly matchId: string;
  readonly roomCode: string;
  readonly final: DuelView;
  readonly steps: readonly DuelReplayStep[];
}

/** A Crazy match's replay: every step's view with every hand shown (the match is over). */
export interface CrazyReplay {
  readonly kind: 'crazy';
  readonly matchId: string;
  readonly roomCode: string;
  readonly final: CrazyView;
  readonly steps: readonly CrazyReplayStep[];
}

/** Any match's replay: `kind` tells which. */
export type MatchReplay = HangmanReplay | DuelReplay | CrazyReplay;

export interface RoomSnapshot {
  readonly view: RoomView;
  /** Global position of the room stream's last event: pushes of the room are versioned by it. */
  readonly version: number;
  /** Players taking part (not invited, not left). */
  readonly memberIds: string[];
  /** Pending invitees of the current match. */
  readonly invitedIds: string[];
}

export interface InvitationView {
  readonly id: string;
  readonly code: string;
  readonly roomName: string;
  readonly game: string;
  readonly fromUserId: string;
  readonly at: string;
}

export interface HistoryItem {
  readonly matchId: string;
  readonly roomCode: string;
  readonly roomName: string;
  readonly game: string;
  readonly finishedAt: string;
  readonly result: 'won' | 'lost' | 'tie' | 'left';
  readonly score: number;
  /** Net: payout − entry fee − stake − penalty (what was posted from the player). */
  readonly tokens: number;
  readonly players: { id: string; score: number }[];
}

export interface HistoryPage {
  readonly items: HistoryItem[];
  readonly nextCursor: string | null;
}

export interface EngineQueries {
  match(matchId: string): Promise<MatchSummary | DuelMatchSummary | null>;
  /** Every step of a finished match; 'match_not_over' before the end, null when there is no such match. */
  replay(matchId: string): Promise<MatchReplay | 'match_not_over' | null>;
  /** The room with its version, members and pending invitees; null when there is no such room. */
  room(code: string): Promise<RoomSnapshot | null>;
  /** Public (no password) rooms waiting for players, newest first. */
  openRooms(options: { limit: number }): Promise<RoomView[]>;
  /** Rooms the user is in (not left) or invited to, newest first; cancelled rooms are left out. */
  myRooms(userId: string): Promise<RoomView[]>;
  /** The user's pending invitations to rooms still waiting, newest first. */
  invitations(userId: string): Promise<InvitationView[]>;
  /** The viewer's view of any match (a duel: their own view; null viewer = a spectator's); null if none. */
  matchView(matchId: string, viewerId: string | null): Promise<{ version: number; view: DuelView | CrazyView | HangmanView } | null>;
  /** Finished room matches of the user, newest first. */
  history(userId: string, options: { limit: number; cursor?: string | null }): Promise<HistoryPage>;
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
      const duel = await loadDuel(deps.store, matchId);
      if (duel.state) {
        const { state } = duel;
        return {
          kind: 'duel',
          matchId,
          view: null,
          playerId: null,
          roomCode: state.roomCode,
          playerIds: state.players.map((p) => p.id),
          status: state.status,
          version: Number(duel.globalPosition ?? 0n),
        };
      }
      const crazy = await loadCrazy(deps.store, matchId);
      if (crazy.state) {
        const { state } = crazy;
        return {
          kind: 'crazy',
          matchId,
          view: null,
          playerId: null,
          roomCode: state.roomCode,
          playerIds: state.players.map((p) => p.id),
          status: state.status,
          version: Number(crazy.globalPosition ?? 0n),
        };
      }
      return hangmanSummary(matchId);
    },

    async replay(matchId) {
      const crazy = await loadCrazy(deps.store, matchId);
      if (crazy.state) {
        if (crazy.state.status !== 'finished') return 'match_not_over';
        const steps = crazyReplaySteps(crazy.events, { revealHands: true });
        return {
          kind: 'crazy',
          matchId,
          roomCode: crazy.state.roomCode,
          final: crazyViewFor(crazy.state, null, { revealHands: true }),
          steps,
        };
      }
      const duel = await loadDuel(deps.store, matchId);
      if (duel.state) {
        if (duel.state.status !== 'finished') return 'match_not_over';
        const steps = replaySteps(duel.events, { revealWord: true });
        return { kind: 'duel', matchId, roomCode: duel.state.roomCode, final: duelViewFor(duel.state, null, { revealWord: true }), steps };
      }
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
      const summary = await hangmanSummary(matchId);
      return summary?.status === 'playing' ? summary : null;
    },

    async room(code) {
      const { state, globalPosition } = await loadRoom(deps.store, code);
      if (!state) return null;
      return {
        view: roomView(state),
        version: Number(globalPosition ?? 0n),
        memberIds: memberIdsOf(state),
        invitedIds: invitedIdsOf(state),
      };
    },

    async openRooms({ limit }) {
      const { rows } = await deps.db.query<{ state: RoomState | string }>(
        `select state from engine_rooms where status = 'waiting' and not private order by created_at desc, code limit $1`,
        [Math.max(0, Math.min(limit, 200))],
      );
      return rows.map((r) => roomView(jsonOf(r.state)));
    },

    async myRooms(userId) {
      const { rows } = await deps.db.query<{ state: RoomState | string }>(
        `select r.state from engine_room_members m join engine_rooms r on r.code = m.code
          where m.user_id = $1 and m.status <> 'left' and r.status <> 'cancelled' order by r.created_at desc, r.code limit 100`,
        [userId],
      );
      return rows.map((r) => roomView(jsonOf(r.state)));
    },

    async invitations(userId) {
      const { rows } = await deps.db.query<{
        invitation_id: string;
        code: string;
        from_user_id: string;
        at: Date | string;
        state: RoomState | string;
      }>(
        `select i.invitation_id, i.code, i.from_user_id, i.at, r.state from engine_invitations i join engine_rooms r on r.code = i.code
          where i.invitee_id = $1 and i.status = 'pending' and r.status = 'waiting' order by i.at desc, i.invitation_id limit 100`,
        [userId],
      );
      return rows.map((r) => {
        const state = jsonOf(r.state);
        return {
          id: r.invitation_id,
          code: r.code,
          roomName: state.settings.roomName,
          game: state.settings.game,
          fromUserId: r.from_user_id,
          at: new Date(r.at).toISOString(),
        };
      });
    },

    async matchView(matchId, viewerId) {
      const duel = await loadDuel(deps.store, matchId);
      if (duel.state) return { version: Number(duel.globalPosition ?? 0n), view: duelViewFor(duel.state, viewerId) };
      const crazy = await loadCrazy(deps.store, matchId);
      if (crazy.state) return { version: Number(crazy.globalPosition ?? 0n), view: crazyViewFor(crazy.state, viewerId) };
      const summary = await hangmanSummary(matchId);
      if (!summary?.view || summary.playerId !== viewerId) return null;
      return { version: summary.version, view: summary.view };
    },

    async history(userId, { limit, cursor }) {
      const size = Math.max(1, Math.min(limit, 100));
      const after = cursor ? decodeCursor(cursor) : null;
      const { rows } = await deps.db.query<HistoryRow>(
        `select match_id, room_code, room_name, game, finished_at, result, score, tokens, players from engine_room_history
          where user_id = $1 ${after ? 'and (finished_at, match_id) < ($3, $4)' : ''}
          order by finished_at desc, match_id desc limit $2`,
        after ? [userId, size + 1, after.finishedAt, after.matchId] : [userId, size + 1],
      );
      const items = rows.slice(0, size).map((r) => ({
        matchId: r.match_id,
        roomCode: r.room_code,
        roomName: r.room_name,
        game: r.game,
        finishedAt: new Date(r.finished_at).toISOString(),
        result: r.result,
        score: Number(r.score),
        tokens: Number(r.tokens),
        players: typeof r.players === 'string' ? (JSON.parse(r.players) as HistoryItem['players']) : r.players,
      }));
      const last = items.at(-1);
      return { items, nextCursor: rows.length > size && last ? encodeCursor(last.finishedAt, last.matchId) : null };
    },
  };

  async function hangmanSummary(matchId: string): Promise<MatchSummary | null> {
    const { match, stored } = await loadMatch(deps.store, matchId);
    if (!match) return null;
    const version = Number(stored.at(-1)?.globalPosition ?? 0n);
    return { kind: 'hangman', matchId, playerId: match.playerId, status: match.status, view: viewOf(match), version };
  }
}

interface HistoryRow {
  match_id: string;
  room_code: string;
  room_name: string;
  game: string;
  finished_at: Date | string;
  result: HistoryItem['result'];
  score: number;
  tokens: number;
  players: HistoryItem['players'] | string;
}

const jsonOf = (value: RoomState | string): RoomState => (typeof value === 'string' ? (JSON.parse(value) as RoomState) : value);
const encodeCursor = (finishedAt: string, matchId: string) => Buffer.from(JSON.stringify([finishedAt, matchId])).toString('base64url');
function decodeCursor(cursor: string): { finishedAt: string; matchId: string } | null {
  try {
    const [finishedAt, matchId] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [unknown, unknown];
    if (typeof finishedAt === 'string' && typeof matchId === 'string' && !Number.isNaN(Date.parse(finishedAt)))
      return { finishedAt, matchId };
  } catch {
    // an unreadable cursor reads as the first page
  }
  return null;
}

const HANGMAN_EVENT_TYPES = new Set(['HangmanStarted', 'LetterGuessed', 'HintUsed', 'HangmanWon', 'HangmanLost']);
const isHangmanEvent = (event: { type: string }): event is HangmanEvent => HANGMAN_EVENT_TYPES.has(event.type);

function replayOf(matchId: string, events: readonly HangmanEvent[]): HangmanReplay {
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
  return { kind: 'hangman', matchId, word: finalView.word ?? '', final: finalView, steps };
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
