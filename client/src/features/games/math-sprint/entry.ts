/**
 * The answer being typed, as pure steps: the on-screen keypad, the phone's keyboard (the field's input) and a physical
 * keyboard all go through here, so they can never disagree. An answer is a whole number of at most
 * ANSWER_DIGITS_MAX digits (no answer of the game is negative).
 */

/** The longest answer: 999 + 999 and 25 × 25 both fit in four digits; six leaves room to spare. */
export const ANSWER_DIGITS_MAX = 6;

export const KEYPAD_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'] as const;

export type EntryAction = { kind: 'digit'; digit: string } | { kind: 'backspace' } | { kind: 'clear' } | { kind: 'submit' };

/** The entry after `action` (submit leaves it: the page clears it once the next problem comes). */
export function typed(entry: string, action: EntryAction): string {
  switch (action.kind) {
    case 'digit':
      return /^[0-9]$/.test(action.digit) ? fromField(entry + action.digit) : entry;
    case 'backspace':
      return entry.slice(0, -1);
    case 'clear':
      return '';
    case 'submit':
      return entry;
  }
}

/** What the field's text becomes: its digits only (a paste, a stray sign), at most ANSWER_DIGITS_MAX of them. */
export function fromField(text: string): string {
  return text.replace(/[^0-9]/g, '').slice(0, ANSWER_DIGITS_MAX);
}

export const canSubmit = (entry: string): boolean => /^[0-9]+$/.test(entry) && entry.length <= ANSWER_DIGITS_MAX;

/** A physical key's action: the digits (number row and keypad), Backspace or Delete, Escape, Enter; else null. */
export function actionOfKey(key: string): EntryAction | null {
  if (/^[0-9]$/.test(key)) return { kind: 'digit', digit: key };
  if (key === 'Backspace' || key === 'Delete') return { kind: 'backspace' };
  if (key === 'Escape') return { kind: 'clear' };
  if (key === 'Enter') return { kind: 'submit' };
  return null;
}

/** The operation's sign as printed. */
export const OPERATION_SIGNS = { add: '+', subtract: '−', multiply: '×', divide: '÷' } as const;
