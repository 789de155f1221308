import type { GameManifest } from '../../../lib/games/registry.tsx';

/** Single-player Hangman at /hangman, and the check of a finished game's word and hints on /fairness. */
export const hangman: GameManifest = {
  slug: 'hangman',
  namespaces: ['hangman'],
  play: { path: 'hangman', load: () => import('./hangman-page.tsx').then((m) => ({ default: m.HangmanPage })) },
  fairness: { load: () => import('./verify.ts') },
};
