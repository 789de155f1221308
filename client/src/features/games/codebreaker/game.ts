import type { GameManifest } from '../../../lib/games/registry.tsx';

/**
 * Codebreaker: crack a secret code of digits by its pegs, against the clock, alone at /codebreaker or as a race in a
 * room (everyone on the same code), with the race's replay and the single-player game's fairness check.
 */
export const codebreaker: GameManifest = {
  slug: 'codebreaker',
  namespaces: ['codebreaker', 'arcade', 'multiplayer'],
  play: { path: 'codebreaker', load: () => import('./codebreaker-page.tsx') },
  room: { game: 'codebreaker', load: () => import('./race-table.tsx') },
  replay: { mode: 'codebreaker-race', load: () => import('./race-replay.tsx') },
  fairness: { load: () => import('./verify.ts') },
};
