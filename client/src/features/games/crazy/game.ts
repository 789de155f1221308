import type { GameManifest } from '../../../lib/games/registry.tsx';

/**
 * Crazy, the card game: the table of a room whose game is 'crazy', the replay of a Crazy match, and the check of a
 * finished match's deal and reshuffles on /fairness (its verifier reads the match's replay).
 */
export const crazy: GameManifest = {
  slug: 'crazy',
  namespaces: ['multiplayer', 'crazy'],
  room: { game: 'crazy', load: () => import('./crazy-table.tsx') },
  replay: { mode: 'crazy', load: () => import('./crazy-replay.tsx') },
  fairness: { load: () => import('./verify.ts') },
};
