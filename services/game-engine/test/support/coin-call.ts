/**
 * Coin Call, a game for the engine's own tests of the arcade shell: five coins are flipped at the start (from the
 * fair stream); the player calls each in turn, heads or tails; three right calls win, two wrong ones lose, and
 * 30 s without a call loses too. Small on purpose: every rule of the shell (paid start, fairness, time, reward) can
 * be shown with it, and no real game's rules get in the way.
 */
import { MATCH_STREAM_PREFIX } from '@qal/events';
import { z } from 'zod';
import { catalogueEntry } from '../../src/catalogue/catalogue.ts';
import type { ArcadeGameModule } from '../../src/games/module.ts';

export const COIN_CALL_COST = 2;
export const COIN_CALL_DAILY_LIMIT = 3;
export const COIN_CALL_COINS = 5;
export const COIN_CALL_WINS = 3;
export const COIN_CALL_LOSSES = 2;
export const COIN_CALL_TURN_MS = 30_000;
export const COIN_CALL_WIN_SCORE = 300;

const Side = z.enum(['heads', 'tails']);
const Flipped = z.object({ type: z.literal('CoinsFlipped'), data: z.object({ coins: z.array(Side), startedAt: z.string() }) });
const Called = z.object({ type: z.literal('CoinCalled'), data: z.object({ call: Side, right: z.boolean(), at: z.string() }) });
const TimedOut = z.object({ type: z.literal('CoinCallTimedOut'), data: z.object({ at: z.string() }) });
const CoinEvent = z.discriminatedUnion('type', [Flipped, Called, TimedOut]);
type CoinEvent = z.infer<typeof CoinEvent>;

interface CoinState {
  readonly coins: readonly ('heads' | 'tails')[];
  readonly calls: readonly { call: string; right: boolean }[];
  readonly lastAt: string;
  readonly startedAt: string;
  readonly timedOut: string | null;
}
type CoinCommand = { type: 'call'; call: 'heads' | 'tails'; at: string } | { type: 'expire'; at: string };

const evolve = (state: CoinState, event: CoinEvent): CoinState => {
  switch (event.type) {
    case 'CoinsFlipped':
      return { coins: event.data.coins, calls: [], lastAt: event.data.startedAt, startedAt: event.data.startedAt, timedOut: null };
    case 'CoinCalled':
      return { ...state, calls: [...state.calls, { call: event.data.call, right: event.data.right }], lastAt: event.data.at };
    case 'CoinCallTimedOut':
      return { ...state, timedOut: event.data.at };
  }
};
const rights = (s: CoinState) => s.calls.filter((c) => c.right).length;
const wrongs = (s: CoinState) => s.calls.length - rights(s);
const isOver = (s: CoinState) => s.timedOut !== null || rights(s) >= COIN_CALL_WINS || wrongs(s) >= COIN_CALL_LOSSES;
const deadlineOf = (s: CoinState) => (isOver(s) ? null : new Date(Date.parse(s.lastAt) + COIN_CALL_TURN_MS).toISOString());
const apply = (state: CoinState, events: CoinEvent[]) => ({ events, state: events.reduce(evolve, state) });

export const coinCallModule: ArcadeGameModule<
  CoinState,
  CoinEvent,
  CoinCommand,
  { calls: CoinState['calls']; coins?: CoinState['coins'] },
  { bias: number }
> = {
  kind: 'arcade',
  // Borrows a catalogue slug no real game module of the test registry uses.
  id: 'mines',
  rules: { COIN_CALL_COINS },
  costTokens: COIN_CALL_COST,
  dailyPlayLimit: COIN_CALL_DAILY_LIMIT,
  ownMoves: ['call_coin'],
  stream: {
    streamType: 'coin-call-match',
    prefix: MATCH_STREAM_PREFIX,
    events: CoinEvent,
    startType: 'CoinsFlipped',
    fold: (events) => events.reduce(evolve, undefined as unknown as CoinState),
    evolve,
  },
  parseOptions(input) {
    const parsed = z
      .object({ bias: z.number().int().min(0).max(0).default(0) })
      .strict()
      .safeParse(input ?? {});
    return parsed.success ? parsed.data : 'bias';
  },
  start: ({ random, startedAt }) => [
    {
      type: 'CoinsFlipped',
      data: { coins: Array.from({ length: COIN_CALL_COINS }, () => (random.int(2) === 0 ? 'heads' : 'tails')), startedAt },
    },
  ],
  step(command, state) {
    if (isOver(state)) return 'game_over';
    const deadline = deadlineOf(state)!;
    if (command.type === 'expire') {
      if (Date.parse(command.at) < Date.parse(deadline)) return 'deadline_not_reached';
      return apply(state, [{ type: 'CoinCallTimedOut', data: { at: command.at } }]);
    }
    if (Date.parse(command.at) >= Date.parse(deadline)) return 'time_up';
    const coin = state.coins[state.calls.length]!;
    return apply(state, [{ type: 'CoinCalled', data: { call: command.call, right: coin === command.call, at: command.at } }]);
  },
  moveCommand(move, _playerId, at) {
    const parsed = z.object({ type: z.literal('call_coin'), call: Side }).safeParse(move);
    return parsed.success ? { type: 'call', call: parsed.data.call, at } : 'move_not_for_this_game';
  },
  expireCommand: (at) => ({ type: 'expire', at }),
  deadlineOf,
  resultOf(state) {
    if (!isOver(state)) return null;
    const won = rights(state) >= COIN_CALL_WINS;
    return { won, score: won ? COIN_CALL_WIN_SCORE : 0, tokens: won ? 3 : 0, xp: won ? 8 : 0, finishedAt: state.timedOut ?? state.lastAt };
  },
  viewFor: (state) => ({ calls: state.calls, ...(isOver(state) ? { coins: state.coins } : {}) }),
  rejections: {
    time_up: { status: 409, en: 'Time is up', am: 'ጊዜው አልቋል' },
  },
  leaderboard: { category: 'mines', maxScore: COIN_CALL_WIN_SCORE },
  texts: catalogueEntry('mines'),
};
