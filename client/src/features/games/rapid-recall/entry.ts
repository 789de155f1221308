/**
 * The sequence being entered, as pure steps: the pad's taps and a physical keyboard both go through here. An entry
 * holds item ids of the game's pad, at most the round's length; the page sends it whole once it is complete.
 */
import { RAPID_RECALL_COLOURS } from '@qal/events/contracts';

export type RecallAction = { kind: 'item'; id: string } | { kind: 'undo' } | { kind: 'clear' } | { kind: 'submit' };

/** The entry after `action` (submit leaves it: the page sends it). An item not on the pad changes nothing. */
export function entered(entry: readonly string[], action: RecallAction, pad: readonly string[], length: number): string[] {
  switch (action.kind) {
    case 'item':
      return entry.length < length && pad.includes(action.id) ? [...entry, action.id] : [...entry];
    case 'undo':
      return entry.slice(0, -1);
    case 'clear':
      return [];
    case 'submit':
      return [...entry];
  }
}

export const isComplete = (entry: readonly string[], length: number): boolean => length > 0 && entry.length === length;

/**
 * A physical key's action on `pad`: a digit or a fidel typed as itself, a colour by its English initial (r, b, g, y,
 * p, o), Backspace to take one back, Escape to clear, Enter to send; else null.
 */
export function actionOfKey(key: string, pad: readonly string[]): RecallAction | null {
  if (key === 'Backspace' || key === 'Delete') return { kind: 'undo' };
  if (key === 'Escape') return { kind: 'clear' };
  if (key === 'Enter') return { kind: 'submit' };
  if (pad.includes(key)) return { kind: 'item', id: key };
  const colour = RAPID_RECALL_COLOURS.find((c) => c.id[0] === key.toLowerCase() && key.length === 1);
  return colour && pad.includes(colour.id) ? { kind: 'item', id: colour.id } : null;
}
