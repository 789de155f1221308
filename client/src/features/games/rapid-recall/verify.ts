import { RAPID_RECALL_KINDS, RAPID_RECALL_POOLS, RapidRecallPlay, type RapidRecallKind } from '@qal/events/contracts';
import { createFairRandom, type FairnessSeeds, type FairRandom } from '../../../lib/fairness/verify.ts';

/**
 * The browser's check of a finished Rapid Recall game: from the revealed seeds, draw every sequence again in the
 * engine's order (its games/rapid-recall/sequences.ts), then compare them with the sequences the game showed at its
 * end, and each round's sequence and verdict with the redrawn ones.
 *
 * The order: sequence by sequence (as many as the game drew), item by item (as long as the longest sequence): the first
 * item is `pool[int(P)]`; each next one is `int(P − 1)` over the pool without the item before it (index j, or j + 1
 * from the previous item's index on), so no item follows itself. Round r shows the first `length` items of sequence r.
 */
export default async function verify(
  seeds: FairnessSeeds,
  options: unknown,
  play: unknown,
): Promise<{ matches: boolean; recomputed: string }> {
  const kind = kindOf(options);
  if (kind === null) return { matches: false, recomputed: 'unknown kind' };
  const shown = RapidRecallPlay.safeParse(play);
  const drawn = shown.success && shown.data.sequences ? shown.data.sequences : null;
  // How many to draw comes from the game's own rules (its lengthMax and the rounds the start drew for).
  const count = drawn?.length ?? SEQUENCES_DEFAULT;
  const length = shown.success ? shown.data.lengthMax : LENGTH_DEFAULT;
  const sequences = await drawSequences(await createFairRandom(seeds), kind, count, length);
  if (!shown.success || !drawn || !shown.data.rounds) return { matches: false, recomputed: describe(kind, sequences, null) };
  const p = shown.data;
  const rounds = p.rounds!;
  const sameSequences = drawn.length === sequences.length && sequences.every((sequence, r) => sameItems(drawn[r]!, sequence));
  const sameRounds = rounds.every((round, i) => {
    const sequence = sequences[round.round - 1]?.slice(0, round.length);
    if (round.round !== i + 1 || !sequence || !sameItems(round.sequence, sequence)) return false;
    if (round.outcome === 'timed_out') return round.answer === null && round.points === 0;
    return round.answer !== null && (round.outcome === 'right') === sameItems(round.answer, sequence);
  });
  return { matches: p.kind === kind && sameSequences && sameRounds, recomputed: describe(kind, sequences, rounds) };
}

/** What the engine draws for (15 rounds of 15 items) when the view does not say. */
const SEQUENCES_DEFAULT = 15;
const LENGTH_DEFAULT = 15;

const sameItems = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** The start's options as the engine reads them: `kind`, mixed when absent; null for anything else. */
function kindOf(options: unknown): RapidRecallKind | null {
  if (options === undefined || options === null) return 'mixed';
  if (typeof options !== 'object' || Array.isArray(options)) return null;
  const kind = (options as { kind?: unknown }).kind;
  if (kind === undefined) return 'mixed';
  return (RAPID_RECALL_KINDS as readonly unknown[]).includes(kind) ? (kind as RapidRecallKind) : null;
}

export async function drawSequences(random: FairRandom, kind: RapidRecallKind, count: number, length: number): Promise<string[][]> {
  const pool = RAPID_RECALL_POOLS[kind];
  const sequences: string[][] = [];
  for (let r = 0; r < count; r++) {
    const indexes: number[] = [];
    for (let k = 0; k < length; k++) {
      const previous = indexes.at(-1);
      if (previous === undefined) {
        indexes.push(await random.int(pool.length));
      } else {
        const j = await random.int(pool.length - 1);
        indexes.push(j >= previous ? j + 1 : j);
      }
    }
    sequences.push(indexes.map((i) => pool[i]!));
  }
  return sequences;
}

/** A short text: the kind and the sequence of each round played (or the first sequence when no round is known). */
function describe(
  kind: RapidRecallKind,
  sequences: readonly string[][],
  rounds: readonly { round: number; length: number }[] | null,
): string {
  const played = rounds && rounds.length > 0 ? rounds : [{ round: 1, length: sequences[0]?.length ?? 0 }];
  const text = played.map(({ round, length }) => `round ${round}: ${(sequences[round - 1] ?? []).slice(0, length).join(' ')}`);
  return `${kind}; ${text.join('; ')}`;
}
