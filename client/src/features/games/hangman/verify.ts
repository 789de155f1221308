import { HangmanView, type FairDraw } from '@qal/events/contracts';
import { createFairRandom, type FairnessSeeds } from '../../../lib/fairness/verify.ts';

/**
 * The browser's check of a finished Hangman game (docs/fairness.md), from the revealed seeds and the game's final
 * view. The engine (games/hangman/decider.ts) draws the word first, `int(count)` over the candidate words of the
 * language, category and difficulty asked (in the word bank's order), then each hint, `int(count)` over the word's
 * letters not yet shown (in keyboard order), each where the one before left the stream. The final view shows each
 * draw as `{ index, count }`; this draws the same numbers again from the seeds and checks they are the ones shown.
 */
export default async function verify(
  seeds: FairnessSeeds,
  _options: unknown,
  play: unknown,
): Promise<{ matches: boolean; recomputed: string }> {
  const view = HangmanView.safeParse(play);
  const draws = view.success ? view.data.draws : undefined;
  if (!draws) return { matches: false, recomputed: 'no draws shown for the game' };
  const shown = [draws.word, ...draws.hints];
  if (shown.some((draw) => draw.count < 1 || draw.index < 0 || draw.index >= draw.count))
    return { matches: false, recomputed: 'a draw out of range' };
  const redrawn = await redraw(seeds, shown);
  const [word, ...hints] = redrawn;
  const recomputed = [
    `word ${word! + 1} of ${draws.word.count}`,
    ...hints.map((index, i) => `hint ${i + 1}: letter ${index + 1} of ${draws.hints[i]!.count}`),
  ].join('; ');
  return { matches: redrawn.every((index, i) => index === shown[i]!.index), recomputed };
}

/** The numbers the seeds give for these draws' counts, in order, from the stream's beginning. */
export async function redraw(seeds: FairnessSeeds, draws: readonly FairDraw[]): Promise<number[]> {
  const random = await createFairRandom(seeds);
  const out: number[] = [];
  for (const draw of draws) out.push(await random.int(draw.count));
  return out;
}
