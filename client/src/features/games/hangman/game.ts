import type { GameManifest } from '../../../lib/games/registry.tsx';

/** Single-player Hangman at /hangman. */
export const hangman: GameManifest = {
  slug: 'hangman',
  namespaces: ['hangman'],
  play: { path: 'hangman', load: () => import('./hangman-page.tsx').then((m) => ({ default: m.HangmanPage })) },
};
