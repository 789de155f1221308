import * as z from 'zod/mini';
import { MatchFairness } from '@qal/events/contracts';
import { api } from '../../lib/api-client.ts';

/**
 * A match as /fairness checks it, whatever its game: the slug whose verifier redraws it (lib/games/registry.tsx), its
 * fairness, and what that verifier reads. `GET /matches/{id}` answers each game's own view: an arcade game's (its
 * `play`), Hangman's (its final view shows the draws), Crazy's (the deal and the draws are in the match's replay) or
 * the word duel's and the Codebreaker race's (no verifier: the commitment is checked alone).
 */
export interface CheckedMatch {
  readonly game: string;
  /** Null for a match started before its game drew from the fairness module: nothing of it can be checked. */
  readonly fairness: MatchFairness | null;
  readonly options: Readonly<Record<string, unknown>>;
  /** What the game's verifier reads, once the match is over. */
  evidence(): Promise<unknown>;
}

const AnyView = z.looseObject({
  mode: z.optional(z.string()),
  game: z.optional(z.string()),
  options: z.optional(z.record(z.string(), z.unknown())),
  play: z.optional(z.unknown()),
  fairness: z.optional(z.nullable(MatchFairness)),
});
const ViewAnswer = z.object({ view: AnyView });

const path = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;

export async function fetchCheckedMatch(matchId: string, signal?: AbortSignal): Promise<CheckedMatch> {
  const { view } = await api.request(path(matchId), ViewAnswer, { requireSession: true, signal });
  const fairness = view.fairness ?? null;
  switch (view.mode) {
    case 'arcade':
      return { game: view.game ?? '', fairness, options: view.options ?? {}, evidence: async () => view.play };
    case 'crazy':
      return {
        game: 'crazy',
        fairness,
        options: {},
        evidence: () => api.request(`${path(matchId)}/replay`, z.unknown(), { requireSession: true }),
      };
    case 'duel':
      return { game: 'hangman-duel', fairness, options: {}, evidence: async () => view };
    // The race's code is shown at its end; no verifier redraws it yet: the commitment is checked alone.
    case 'codebreaker-race':
      return { game: 'codebreaker-race', fairness, options: {}, evidence: async () => view };
    default:
      return { game: 'hangman', fairness, options: {}, evidence: async () => view };
  }
}
