/**
 * Every chance of a Codebreaker game, drawn at its start from the match's fairness stream in the order rules.ts
 * (decision 2) fixes. The browser's verifier (client/src/features/games/codebreaker/verify.ts) draws the same way.
 */
import type { CodebreakerHint } from '@qal/events';
import type { FairRandom } from '../../fairness/fairness.ts';
import { CODEBREAKER_DIGITS, CODEBREAKER_LEVEL_RULES, type CodebreakerLevel } from './rules.ts';

export interface CodebreakerDraw {
  readonly code: string;
  /** In the order they are taken: a digit in the code, then the digit at a position. */
  readonly hints: readonly [CodebreakerHint, CodebreakerHint];
}

/** The code: distinct digits picked one position at a time from the unused ones, or any digit per position. */
export function drawCode(random: FairRandom, level: CodebreakerLevel): string {
  const { codeLength, repeatsAllowed } = CODEBREAKER_LEVEL_RULES[level];
  const unused: string[] = [...CODEBREAKER_DIGITS];
  let code = '';
  for (let i = 0; i < codeLength; i++) {
    if (repeatsAllowed) {
      code += CODEBREAKER_DIGITS[random.int(CODEBREAKER_DIGITS.length)]!;
    } else {
      const [digit] = unused.splice(random.int(unused.length), 1);
      code += digit!;
    }
  }
  return code;
}

/**
 * The hints, after the code: the second hint's position first, then the first hint's digit among the code's other
 * digits (so the two hints never name the same digit, unless the code has only one).
 */
export function drawHints(random: FairRandom, code: string): CodebreakerDraw['hints'] {
  const index = random.int(code.length);
  const atIndex = code[index]!;
  const distinct = [...new Set(code)].sort();
  const others = distinct.filter((digit) => digit !== atIndex);
  const candidates = others.length > 0 ? others : distinct;
  const digit = candidates[random.int(candidates.length)]!;
  return [
    { kind: 'digit_in_code', digit },
    { kind: 'digit_at_position', index, digit: atIndex },
  ];
}

export function drawGame(random: FairRandom, level: CodebreakerLevel): CodebreakerDraw {
  const code = drawCode(random, level);
  return { code, hints: drawHints(random, code) };
}
