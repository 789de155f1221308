/**
 * What a player (or a spectator) sees of a Crazy match: their own hand, everyone's card counts, the top card and
 * the rest of the table. Never another player's hand or the deck order; `hands` (every hand) only when the caller
 * asks to reveal them, which the replay of a finished match does.
 */
import { z } from 'zod';
import { RANKS, SUITS, cardOf, type Card } from './cards.ts';
import type { CrazyLast } from './last.ts';
import { CRAZY_END_REASONS, PLAY_EFFECTS, REMOVAL_REASONS, WRONG_PLAY_REASONS } from './messages.ts';
import { drawableCount, handOf, topCard, type CrazyState } from './state.ts';

export const CardView = z.object({ id: z.string(), suit: z.enum(SUITS), rank: z.enum(RANKS) });
export type CardView = z.infer<typeof CardView>;

export const CRAZY_DIRECTIONS = ['counterclockwise', 'clockwise'] as const;

const fact = { seq: z.number().int(), at: z.string(), by: z.string() };
const count = z.number().int().nonnegative();

/**
 * The latest thing at the table the others should hear about (last.ts): who did it and what, never a card from a
 * hand (a wrong play's cards went back into it, so only its reason and the cards it cost are shown). `seq` grows
 * with every event, so a client announces each one once. `count` is how many cards were drawn: by `target` when
 * caught, by the caller (`by`) on a false call, by `by` otherwise.
 */
export const CrazyLastView = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('played'),
    ...fact,
    cards: z.array(CardView),
    effect: z.enum(PLAY_EFFECTS),
    /** The suit an 8/J asked for. */
    suit: z.enum(SUITS).optional(),
    /** Who loses their turn (a 7, or a 5 with two players left). */
    skipped: z.string().optional(),
  }),
  z.object({ kind: z.literal('wrong_play'), ...fact, reason: z.enum(WRONG_PLAY_REASONS), count }),
  z.object({ kind: z.literal('drew'), ...fact, count }),
  z.object({ kind: z.literal('penalty_taken'), ...fact, count }),
  z.object({ kind: z.literal('passed'), ...fact }),
  z.object({ kind: z.literal('qeregn'), ...fact }),
  z.object({ kind: z.literal('caught'), ...fact, target: z.string(), count }),
  z.object({ kind: z.literal('false_call'), ...fact, target: z.string(), count }),
  z.object({ kind: z.literal('timed_out'), ...fact, count }),
  z.object({ kind: z.literal('left'), ...fact, reason: z.enum(REMOVAL_REASONS) }),
]);
export type CrazyLastView = z.infer<typeof CrazyLastView>;

export const CrazyView = z.object({
  mode: z.literal('crazy'),
  matchId: z.string(),
  roomCode: z.string(),
  status: z.enum(['playing', 'finished']),
  /** Whose view this is (null: a spectator's). */
  viewerId: z.string().nullable(),
  players: z.array(
    z.object({
      id: z.string(),
      status: z.enum(['playing', 'left']),
      cards: z.number().int(),
      saidQeregn: z.boolean(),
      timeoutsInRow: z.number().int(),
    }),
  ),
  /** The viewer's hand, in the order the cards came; [] for a spectator or a player who left. */
  hand: z.array(CardView),
  /** Cards each player holds. */
  counts: z.record(z.string(), z.number().int()),
  deckCount: z.number().int(),
  pileCount: z.number().int(),
  top: CardView.nullable(),
  /** The suit in force (an 8/J may have chosen one other than the top card's); null before the first card. */
  suit: z.enum(SUITS).nullable(),
  /** counterclockwise = seat order (the start), clockwise after an odd number of 5s. */
  direction: z.enum(CRAZY_DIRECTIONS),
  /** Cards the current player must draw unless they stack a 2 / A♠; 0 when no chain is on. */
  penalty: z.number().int(),
  /** Whose turn it is (a user id); null once finished. */
  turn: z.string().nullable(),
  /** The turn counter the turn timer names. */
  turnNumber: z.number().int(),
  deadline: z.string().nullable(),
  /** The current player has had this turn's draw, so Pass is open. */
  hasDrawn: z.boolean(),
  /** The current player may not change the suit with an 8/J (the player before them just did). */
  suitLocked: z.boolean(),
  /** Nothing left to draw: Pass is open without drawing. */
  canPassWithoutDrawing: z.boolean(),
  saidQeregn: z.record(z.string(), z.boolean()),
  /** The player still inside their grace window to say Qeregn (a Crazy call on them now is false). */
  qeregnWindow: z.string().nullable(),
  starter: z.string(),
  winner: z.string().nullable(),
  scores: z.record(z.string(), z.number().int()).optional(),
  endReason: z.enum(CRAZY_END_REASONS).optional(),
  finishedAt: z.string().optional(),
  /** Every hand: only when revealed (the replay of a finished match). */
  hands: z.record(z.string(), z.array(CardView)).optional(),
  /** The latest thing the table should hear about; null before anything has happened. */
  last: CrazyLastView.nullable(),
});
export type CrazyView = z.infer<typeof CrazyView>;

export interface ViewOptions {
  /** Show every hand (the replay of a finished match). */
  readonly revealHands?: boolean;
}

const cardView = (card: Card): CardView => ({ id: card.id, suit: card.suit, rank: card.rank });
const cardsView = (ids: readonly string[]): CardView[] => ids.map((id) => cardView(cardOf(id)));
/** Played cards are on the pile, so anyone may see them: they are the only cards a `last` names. */
const lastView = (last: CrazyLast | null | undefined): CrazyLastView | null =>
  !last ? null : last.kind === 'played' ? { ...last, cards: cardsView(last.cards) } : { ...last };

/** The view for `playerId`, or for a spectator / the public when null. */
export function viewFor(state: CrazyState, playerId: string | null, options: ViewOptions = {}): CrazyView {
  const top = topCard(state);
  const view: CrazyView = {
    mode: 'crazy',
    matchId: state.matchId,
    roomCode: state.roomCode,
    status: state.status,
    viewerId: playerId,
    players: state.players.map((p) => ({
      id: p.id,
      status: p.status,
      cards: handOf(state, p.id).length,
      saidQeregn: state.saidQeregn[p.id] ?? false,
      timeoutsInRow: state.timeoutsInRow[p.id] ?? 0,
    })),
    hand: playerId === null ? [] : cardsView(handOf(state, playerId)),
    counts: Object.fromEntries(state.players.map((p) => [p.id, handOf(state, p.id).length])),
    deckCount: state.deck.length,
    pileCount: state.pile.length,
    top: top === null ? null : cardView(top),
    suit: state.suit,
    direction: state.direction === 1 ? 'counterclockwise' : 'clockwise',
    penalty: state.penalty,
    turn: state.currentPlayer,
    turnNumber: state.turnNumber,
    deadline: state.turnDeadline,
    hasDrawn: state.hasDrawn,
    suitLocked: state.suitLocked,
    canPassWithoutDrawing: state.status === 'playing' && drawableCount(state) === 0,
    saidQeregn: Object.fromEntries(state.players.map((p) => [p.id, state.saidQeregn[p.id] ?? false])),
    qeregnWindow: state.qeregnWindow,
    starter: state.starter,
    winner: state.winner,
    last: lastView(state.last),
  };
  if (state.status === 'finished') {
    view.scores = { ...state.scores };
    view.endReason = state.endReason!;
    view.finishedAt = state.finishedAt!;
  }
  if (options.revealHands === true) {
    view.hands = Object.fromEntries(state.players.map((p) => [p.id, cardsView(handOf(state, p.id))]));
  }
  return view;
}

/** What anyone may see: no hand at all. */
export const publicView = (state: CrazyState): CrazyView => viewFor(state, null);
