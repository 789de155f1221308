/**
 * The sequences of a game, drawn at its start from the match's fairness stream in the fixed order of rules.ts
 * (decision 2). The browser's verifier (client/src/features/games/rapid-recall/verify.ts) draws them again in the
 * same order; a change here is a change there.
 */
import type { FairRandom } from '../../fairness/fairness.ts';
import { RAPID_RECALL_POOLS, RAPID_RECALL_ROUNDS_MAX, RAPID_RECALL_SEQUENCE_MAX, type RapidRecallKind } from './rules.ts';

export function drawSequences(
  random: FairRandom,
  kind: RapidRecallKind,
  rounds: number = RAPID_RECALL_ROUNDS_MAX,
  length: number = RAPID_RECALL_SEQUENCE_MAX,
): string[][] {
  const pool = RAPID_RECALL_POOLS[kind];
  const sequences: string[][] = [];
  for (let r = 0; r < rounds; r++) {
    const indexes: number[] = [];
    for (let k = 0; k < length; k++) {
      const previous = indexes.at(-1);
      if (previous === undefined) {
        indexes.push(random.int(pool.length));
      } else {
        // Any item but the one before: draw among the others and step over the previous one's index.
        const j = random.int(pool.length - 1);
        indexes.push(j >= previous ? j + 1 : j);
      }
    }
    sequences.push(indexes.map((i) => pool[i]!));
  }
  return sequences;
}
