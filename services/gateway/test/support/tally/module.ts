/**
 * Tally: a game that exists only under the tests, to show that a room game is one module plus one registry line.
 * Players take turns adding 1 or 2 to a shared tally; whoever brings it to exactly TALLY_TARGET wins. A turn that
 * times out passes; two timeouts in a row and the player is out; the last one left wins.
 */
import { MATCH_STREAM_PREFIX } from '@qal/events';
import type { RoomGameModule } from '@qal/game-engine';
import { z } from 'zod';

export const TALLY_TARGET = 10;
export const TALLY_TURN_MS = 20_000;
const TALLY_TIMEOUTS_TO_REMOVE = 2;
const TALLY_WIN_POINTS = 100;

const Instant = z.string();
const TallyStarted = z.object({
  type: z.literal('TallyStarted'),
  data: z.object({ matchId: z.string(), roomCode: z.string(), players: z.array(z.string()), at: Instant }),
});
const TallyAdded = z.object({ type: z.literal('TallyAdded'), data: z.object({ playerId: z.string(), amount: z.number(), at: Instant }) });
const TallyTurnTimedOut = z.object({ type: z.literal('TallyTurnTimedOut'), data: z.object({ playerId: z.string(), at: Instant }) });
const TallyPlayerRemoved = z.object({
  type: z.literal('TallyPlayerRemoved'),
  data: z.object({ playerId: z.string(), reason: z.enum(['left', 'timeouts']), at: Instant }),
});
const TallyFinished = z.object({ type: z.literal('TallyFinished'), data: z.object({ winner: z.string(), at: Instant }) });
const TallyEvent = z.discriminatedUnion('type', [TallyStarted, TallyAdded, TallyTurnTimedOut, TallyPlayerRemoved, TallyFinished]);
type TallyEvent = z.infer<typeof TallyEvent>;

type TallyCommand =
  | { type: 'Add'; playerId: string; amount: number; at: string }
  | { type: 'TimeoutTurn'; turn: number; at: string }
  | { type: 'Remove'; playerId: string; at: string };

interface TallyState {
  readonly matchId: string;
  readonly roomCode: string;
  readonly players: readonly { readonly id: string; readonly out: boolean; readonly timeouts: number }[];
  readonly total: number;
  readonly turn: number;
  readonly current: string | null;
  readonly turnDeadline: string | null;
  readonly winner: string | null;
  readonly finishedAt: string | null;
}

interface TallyView {
  readonly mode: 'tally';
  readonly total: number;
  readonly target: number;
  readonly current: string | null;
  readonly turn: number;
  readonly winner: string | null;
  readonly me: string | null;
}

const plus = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();
const seated = (state: TallyState) => state.players.filter((p) => !p.out);

/** The next seated player after `from`, or null when nobody is left. */
function nextAfter(state: TallyState, from: string): string | null {
  const order = state.players.map((p) => p.id);
  for (let step = 1; step <= order.length; step += 1) {
    const candidate = state.players[(order.indexOf(from) + step) % order.length]!;
    if (!candidate.out) return candidate.id;
  }
  return null;
}

function evolve(state: TallyState, event: TallyEvent): TallyState {
  switch (event.type) {
    case 'TallyStarted':
      return state;
    case 'TallyAdded': {
      const players = state.players.map((p) => (p.id === event.data.playerId ? { ...p, timeouts: 0 } : p));
      const moved = { ...state, players, total: state.total + event.data.amount };
      return {
        ...moved,
        turn: state.turn + 1,
        current: nextAfter(moved, event.data.playerId),
        turnDeadline: plus(event.data.at, TALLY_TURN_MS),
      };
    }
    case 'TallyTurnTimedOut': {
      const players = state.players.map((p) => (p.id === event.data.playerId ? { ...p, timeouts: p.timeouts + 1 } : p));
      const moved = { ...state, players };
      return {
        ...moved,
        turn: state.turn + 1,
        current: nextAfter(moved, event.data.playerId),
        turnDeadline: plus(event.data.at, TALLY_TURN_MS),
      };
    }
    case 'TallyPlayerRemoved': {
      const players = state.players.map((p) => (p.id === event.data.playerId ? { ...p, out: true } : p));
      const moved = { ...state, players };
      const current = state.current === event.data.playerId ? nextAfter(moved, event.data.playerId) : state.current;
      return { ...moved, current, turn: state.current === event.data.playerId ? state.turn + 1 : state.turn };
    }
    case 'TallyFinished':
      return { ...state, winner: event.data.winner, finishedAt: event.data.at, current: null, turnDeadline: null };
  }
}

function fold(events: readonly TallyEvent[]): TallyState {
  const first = events[0];
  if (first?.type !== 'TallyStarted') throw new Error('a tally starts with TallyStarted');
  const { matchId, roomCode, players, at } = first.data;
  const start: TallyState = {
    matchId,
    roomCode,
    players: players.map((id) => ({ id, out: false, timeouts: 0 })),
    total: 0,
    turn: 1,
    current: players[0] ?? null,
    turnDeadline: plus(at, TALLY_TURN_MS),
    winner: null,
    finishedAt: null,
  };
  return events.slice(1).reduce(evolve, start);
}

/** The events of a command, each folded before the next is decided (a move may end the match). */
function decide(command: TallyCommand, state: TallyState): TallyEvent[] | string {
  if (state.winner) return 'game_over';
  const events: TallyEvent[] = [];
  let after = state;
  const add = (event: TallyEvent) => {
    events.push(event);
    after = evolve(after, event);
  };
  switch (command.type) {
    case 'Add': {
      if (command.playerId !== state.current) return 'not_your_turn';
      if (state.total + command.amount > TALLY_TARGET) return 'tally_overshoot';
      add({ type: 'TallyAdded', data: { playerId: command.playerId, amount: command.amount, at: command.at } });
      if (after.total === TALLY_TARGET) add({ type: 'TallyFinished', data: { winner: command.playerId, at: command.at } });
      return events;
    }
    case 'TimeoutTurn': {
      const late = state.current;
      if (!late) return events;
      add({ type: 'TallyTurnTimedOut', data: { playerId: late, at: command.at } });
      const player = after.players.find((p) => p.id === late)!;
      if (player.timeouts >= TALLY_TIMEOUTS_TO_REMOVE)
        add({ type: 'TallyPlayerRemoved', data: { playerId: late, reason: 'timeouts', at: command.at } });
      break;
    }
    case 'Remove':
      if (!state.players.some((p) => p.id === command.playerId && !p.out)) return events;
      add({ type: 'TallyPlayerRemoved', data: { playerId: command.playerId, reason: 'left', at: command.at } });
      break;
  }
  const left = seated(after);
  if (left.length === 1) add({ type: 'TallyFinished', data: { winner: left[0]!.id, at: command.at } });
  return events;
}

const AddMove = z.object({ type: z.literal('add'), amount: z.union([z.literal(1), z.literal(2)]) });

export const tallyModule: RoomGameModule<TallyState, TallyEvent, TallyCommand, TallyView> = {
  kind: 'room',
  id: 'tally',
  roomGame: 'tally',
  viewKind: 'tally',
  players: { min: 2, max: 4 },
  entryFeeMin: 5,
  rules: { TALLY_TARGET, TALLY_TURN_MS, TALLY_TIMEOUTS_TO_REMOVE, TALLY_WIN_POINTS },
  ownMoves: ['add'],
  stream: { streamType: 'tally-match', prefix: MATCH_STREAM_PREFIX, events: TallyEvent, startType: 'TallyStarted', fold, evolve },
  start: ({ matchId, roomCode, players, startedAt }) => [
    { type: 'TallyStarted', data: { matchId, roomCode, players: [...players], at: startedAt } },
  ],
  step(command, state) {
    const events = decide(command, state);
    return typeof events === 'string' ? events : { events, state: events.reduce(evolve, state) };
  },
  moveCommand(move, playerId, at) {
    const parsed = AddMove.safeParse(move);
    return parsed.success ? { type: 'Add', playerId, amount: parsed.data.amount, at } : 'move_not_for_this_game';
  },
  timeoutCommand: (turn, at) => ({ type: 'TimeoutTurn', turn, at }),
  endOnTimeCommand: () => null,
  leaveCommand: (playerId, at) => ({ type: 'Remove', playerId, at }),
  playerIds: (state) => state.players.map((p) => p.id),
  roomCodeOf: (state) => state.roomCode,
  clockOf: (state) => ({
    status: state.winner ? 'finished' : 'playing',
    turn: state.turn,
    currentPlayer: state.current,
    turnDeadline: state.turnDeadline,
    turnMs: TALLY_TURN_MS,
    matchDeadline: null,
  }),
  outcomeOf: (state, events) =>
    state.winner && events.some((e) => e.type === 'TallyFinished')
      ? { winners: [state.winner], scores: { [state.winner]: TALLY_WIN_POINTS }, finishedAt: state.finishedAt }
      : null,
  removedForTimeouts: (events) =>
    events.flatMap((e) =>
      e.type === 'TallyPlayerRemoved' && e.data.reason === 'timeouts' ? [{ playerId: e.data.playerId, at: e.data.at }] : [],
    ),
  viewFor: (state, viewerId) => ({
    mode: 'tally',
    total: state.total,
    target: TALLY_TARGET,
    current: state.current,
    turn: state.turn,
    winner: state.winner,
    me: viewerId,
  }),
  replay(events, state) {
    const steps = events.map((_, index) => ({ index, total: fold(events.slice(0, index + 1)).total }));
    return { final: tallyModule.viewFor(state, null), steps };
  },
  rejections: {
    tally_overshoot: { status: 409, en: 'That would pass the target', am: 'ይህ ከግቡ ያልፋል' },
  },
  texts: {
    title: { en: 'Tally', am: 'ድምር' },
    description: { en: 'Race to the target, one or two at a time.', am: 'በአንድ ወይም በሁለት እየጨመሩ ወደ ግቡ ይሽቀዳደሙ።' },
    instructions: {
      en: `Take turns adding 1 or 2; whoever reaches exactly ${TALLY_TARGET} wins.`,
      am: `በየተራ 1 ወይም 2 ይጨምሩ፤ በትክክል ${TALLY_TARGET} ያደረሰ ያሸንፋል።`,
    },
  },
  leaderboard: { category: 'math', maxScore: null },
};
