/**
 * How a simulated Crazy player chooses a move from its own view (a whole strategy, so a match always ends):
 * say Qeregn as soon as one card is left; facing a chain, stack a card that stacks on it, else take the chain;
 * else play a card that fits (a 7 with the other cards of its suit, or a card with its twin, as one drop when it
 * has them; an 8/J last among the fitting cards, naming the suit it holds most of); else draw once; then pass.
 * Pure (the view in, the move out), so it can be tried against the engine's decider without a cluster.
 */
import { crazy } from '@qal/game-engine';

export type CrazyView = crazy.CrazyView;
export type CrazyMove = crazy.CrazyMove;
type CardView = crazy.CardView;

const isWild = (card: CardView) => card.rank === '8' || card.rank === 'J';

/** Whether the card goes on the pile as the view shows it (no chain on): rules.ts decision 2. */
export function fitsPile(view: CrazyView, card: CardView): boolean {
  if (view.top === null || isWild(card)) return true;
  return card.suit === view.suit || card.rank === view.top.rank;
}

/** The suit most of `cards` have (hearts when there are none), for an 8/J to name. */
function suitMostHeld(cards: readonly CardView[]): crazy.Suit {
  const counts = new Map<crazy.Suit, number>();
  for (const card of cards) counts.set(card.suit, (counts.get(card.suit) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'hearts';
}

/** True when this player has something to do now: their turn, or a last card to declare. */
export function hasMoveNow(view: CrazyView, me: string): boolean {
  if (view.status !== 'playing' || !view.players.some((p) => p.id === me && p.status === 'playing')) return false;
  return view.turn === me || mustSayQeregn(view, me);
}

const mustSayQeregn = (view: CrazyView, me: string) => view.hand.length === 1 && view.saidQeregn[me] !== true;

/** The player's move, for a view where hasMoveNow() holds. */
export function nextCrazyMove(view: CrazyView, me: string): CrazyMove {
  if (mustSayQeregn(view, me)) return { type: 'qeregn' };
  const { hand } = view;
  if (view.penalty > 0) {
    const top = view.top === null ? null : crazy.cardOf(view.top.id);
    const stacking = top === null ? undefined : hand.find((card) => crazy.stacksOn(top, crazy.cardOf(card.id)));
    return stacking ? { type: 'play', cards: [stacking.id] } : { type: 'face_penalty' };
  }
  const fitting = hand.filter((card) => fitsPile(view, card));
  const card = fitting.find((c) => !isWild(c)) ?? fitting[0];
  if (card) {
    const rest = hand.filter((c) => c.id !== card.id);
    const sameSuit = rest.filter((c) => c.suit === card.suit);
    if (card.rank === '7' && sameSuit.length > 0) return { type: 'play', cards: [card.id, ...sameSuit.map((c) => c.id)] };
    const twin = sameSuit.find((c) => c.rank === card.rank);
    if (twin) return { type: 'play', cards: [card.id, twin.id] };
    // under the suit-change lock an 8/J keeps the suit: naming one is refused, so it names none
    if (isWild(card) && !view.suitLocked) return { type: 'play', cards: [card.id], suit: suitMostHeld(rest) };
    return { type: 'play', cards: [card.id] };
  }
  if (!view.hasDrawn && !view.canPassWithoutDrawing) return { type: 'draw' };
  return { type: 'pass' };
}

/** A short label for the move (the attempts' labels, the scenario's output). */
export function moveLabel(move: CrazyMove, turnNumber: number): string {
  const what =
    move.type === 'play'
      ? `play ${move.cards.join('+')}${move.suit ? ` as ${move.suit}` : ''}`
      : move.type === 'crazy'
        ? `crazy on ${move.target}`
        : move.type;
  return `turn ${turnNumber} ${what}`;
}
