import { CODEBREAKER_LEVEL_CHOICE_DEFAULT, CODEBREAKER_LEVEL_CHOICES, CODEBREAKER_LEVELS, CodebreakerPlay } from '@qal/events/contracts';
import type { CodebreakerHint, CodebreakerLevel } from '@qal/events/contracts';
import { createFairRandom, type FairnessSeeds, type FairRandom } from '../../../lib/fairness/verify.ts';

/**
 * The browser's check of a finished Codebreaker game: from the revealed seeds, draw the code and both hints again in
 * the engine's order (its games/codebreaker/draw.ts), then compare them with the code and hints the game showed at
 * its end, and every guess's pegs with the pegs the redrawn code gives.
 *
 * The order: the code (distinct digits: `int(remaining)` into the unused digits in ascending order, position by
 * position; repeats allowed: `int(10)` per position), the second hint's position (`int(length)`), then the first
 * hint's digit (`int(k)` into the code's distinct digits in ascending order, without the second hint's digit unless
 * it is the only one).
 */
export default async function verify(
  seeds: FairnessSeeds,
  options: unknown,
  play: unknown,
): Promise<{ matches: boolean; recomputed: string }> {
  const level = levelOf(options);
  if (level === null) return { matches: false, recomputed: 'unknown level' };
  const random = await createFairRandom(seeds);
  const code = await drawCode(random, level);
  const hints = await drawHints(random, code);
  const recomputed = describe(level, code, hints);
  const shown = CodebreakerPlay.safeParse(play);
  if (!shown.success) return { matches: false, recomputed };
  const p = shown.data;
  const matches =
    p.level === level &&
    p.code === code &&
    sameHints(p.allHints, hints) &&
    p.guesses.every((guess) => {
      if (guess.digits.length !== code.length) return false;
      const pegs = feedbackOf(code, guess.digits);
      return pegs.exact === guess.exact && pegs.misplaced === guess.misplaced;
    });
  return { matches, recomputed };
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The start's options as the engine reads them: `level`, medium when absent; null for anything else. */
function levelOf(options: unknown): CodebreakerLevel | null {
  if (options === undefined || options === null) return CODEBREAKER_LEVEL_CHOICE_DEFAULT;
  if (typeof options !== 'object' || Array.isArray(options)) return null;
  const level = (options as { level?: unknown }).level;
  if (level === undefined) return CODEBREAKER_LEVEL_CHOICE_DEFAULT;
  return (CODEBREAKER_LEVELS as readonly unknown[]).includes(level) ? (level as CodebreakerLevel) : null;
}

export async function drawCode(random: FairRandom, level: CodebreakerLevel): Promise<string> {
  const { codeLength, repeatsAllowed } = CODEBREAKER_LEVEL_CHOICES[level];
  const unused: string[] = [...DIGITS];
  let code = '';
  for (let i = 0; i < codeLength; i++) {
    if (repeatsAllowed) code += DIGITS[await random.int(DIGITS.length)]!;
    else code += unused.splice(await random.int(unused.length), 1)[0]!;
  }
  return code;
}

export async function drawHints(random: FairRandom, code: string): Promise<CodebreakerHint[]> {
  const index = await random.int(code.length);
  const atIndex = code[index]!;
  const distinct = [...new Set(code)].sort();
  const others = distinct.filter((digit) => digit !== atIndex);
  const candidates = others.length > 0 ? others : distinct;
  const digit = candidates[await random.int(candidates.length)]!;
  return [
    { kind: 'digit_in_code', digit },
    { kind: 'digit_at_position', index, digit: atIndex },
  ];
}

function sameHints(shown: readonly CodebreakerHint[] | null, drawn: readonly CodebreakerHint[]): boolean {
  if (shown === null || shown.length !== drawn.length) return false;
  return drawn.every((hint, i) => {
    const other = shown[i]!;
    if (hint.kind === 'digit_in_code') return other.kind === hint.kind && other.digit === hint.digit;
    return other.kind === hint.kind && other.index === hint.index && other.digit === hint.digit;
  });
}

/** The Mastermind pegs, as the engine's rules.ts counts them: each digit of the code counted once. */
export function feedbackOf(code: string, guess: string): { exact: number; misplaced: number } {
  let exact = 0;
  const inCode = new Map<string, number>();
  const inGuess = new Map<string, number>();
  for (let i = 0; i < code.length; i++) {
    if (code[i] === guess[i]) exact += 1;
    inCode.set(code[i]!, (inCode.get(code[i]!) ?? 0) + 1);
    inGuess.set(guess[i]!, (inGuess.get(guess[i]!) ?? 0) + 1);
  }
  let shared = 0;
  for (const [digit, count] of inCode) shared += Math.min(count, inGuess.get(digit) ?? 0);
  return { exact, misplaced: shared - exact };
}

function describe(level: CodebreakerLevel, code: string, hints: readonly CodebreakerHint[]): string {
  const hintText = hints.map((hint, i) =>
    hint.kind === 'digit_in_code'
      ? `hint ${i + 1}: ${hint.digit} is in the code`
      : `hint ${i + 1}: position ${hint.index + 1} is ${hint.digit}`,
  );
  return [`${level} code ${code}`, ...hintText].join('; ');
}
