/**
 * No hidden information in any view: the checks every game simulation runs on what a player is shown, from the
 * pure viewFor() (crazy.ts, duel.ts) and from what the engine answers the gateway (rooms.ts). The state, which
 * only the server holds, says what is secret; the view is searched for it.
 */
import type { CrazyState } from '../games/crazy/state.ts';
import { handOf } from '../games/crazy/state.ts';
import type { DuelState } from '../games/hangman-duel/state.ts';
import { invariant, stringsOf } from './check.ts';

/** A card id anywhere in a view's JSON (`h-10-2`: hearts, ten, the second deck). */
const CARD_ID = /[hdcs]-(?:A|[2-9]|10|J|Q|K)-[12]/g;

/**
 * A Crazy view shows no other hand and no card of the deck: only the viewer's own cards, the top card, and the cards
 * of the latest play (a drop's first cards lie under the top), which are on the pile for everyone to see.
 */
export function checkCrazyView(state: CrazyState, viewer: string | null, view: unknown, where: string): void {
  const lastPlayed = state.last?.kind === 'played' ? state.last.cards : [];
  const allowed = new Set([...(viewer === null ? [] : handOf(state, viewer)), ...lastPlayed]);
  const top = state.pile.at(-1);
  if (top) allowed.add(top);
  for (const id of JSON.stringify(view).match(CARD_ID) ?? []) invariant(allowed.has(id), `${where}: the view of ${viewer} shows ${id}`);
}

/** While a duel's word is being guessed it reaches nobody but its setter: not as `word`, not as any value of the view. */
export function checkDuelView(state: DuelState, viewer: string | null, view: unknown, where: string): void {
  if (state.status !== 'playing' || state.phase !== 'guessing' || state.word === null || viewer === state.setterId) return;
  const shown = view as { word?: unknown; slots?: unknown };
  invariant(shown.word === undefined, `${where}: the view of ${viewer} has the word of round ${state.round}`);
  invariant(!stringsOf(view).includes(state.word), `${where}: the view of ${viewer} contains the word "${state.word}"`);
  invariant(Array.isArray(shown.slots) && shown.slots.includes(null), `${where}: the view of ${viewer} shows every letter mid-round`);
}
