/**
 * What a player (or a spectator) sees of a Crazy match: their own hand, everyone's card counts, the top card and
 * the rest of the table. Never another player's hand or the deck order; `hands` (every hand) only when the caller
 * asks to reveal them, which the replay of a finished match does. The fairness commitment shows from the start, the
 * server seed once the match is finished (then anyone can draw the deal and every reshuffle again).
 */
import { CRAZY_DIRECTIONS, CardView, CrazyLastView, CrazyView } from '@qal/events';
import { fairnessView } from '../fair-chance.ts';
import { cardOf, type Card } from './cards.ts';
import type { CrazyLast } from './last.ts';
import { drawableCount, handOf, topCard, type CrazyState } from './state.ts';

/** The schemas are the client contract (@qal/events contracts/crazy.ts); this file builds them from the state. */
export { CRAZY_DIRECTIONS, CardView, CrazyLastView, CrazyView };

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
    fairness: fairnessView(state.chance, state.status === 'finished'),
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
