/**
 * The guess being typed, as pure steps: the on-screen keypad and a physical keyboard both go through `typed`, so
 * they can never disagree. A guess is exactly `length` digits; digits may repeat.
 */

export const KEYPAD_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

/** What a key does to the entry: add a digit, take the last one back, clear it, or send the guess. */
export type EntryAction = { kind: 'digit'; digit: string } | { kind: 'backspace' } | { kind: 'clear' } | { kind: 'submit' };

/** The entry after `action` (submit leaves it as it is: the page sends it and clears it once the guess is counted). */
export function typed(entry: string, action: EntryAction, length: number): string {
  switch (action.kind) {
    case 'digit':
      return entry.length < length && /^[0-9]$/.test(action.digit) ? entry + action.digit : entry;
    case 'backspace':
      return entry.slice(0, -1);
    case 'clear':
      return '';
    case 'submit':
      return entry;
  }
}

export const isComplete = (entry: string, length: number): boolean => entry.length === length && /^[0-9]+$/.test(entry);

/** A physical key's action: digits (the number row and the keypad), Backspace or Delete, Escape, Enter; else null. */
export function actionOfKey(key: string): EntryAction | null {
  if (/^[0-9]$/.test(key)) return { kind: 'digit', digit: key };
  if (key === 'Backspace' || key === 'Delete') return { kind: 'backspace' };
  if (key === 'Escape') return { kind: 'clear' };
  if (key === 'Enter') return { kind: 'submit' };
  return null;
}
