import type { GameManifest } from '../../../lib/games/registry.tsx';

/** The word duel: the table of a room whose game is 'hangman', and the replay of a match whose views are the duel's. */
export const hangmanDuel: GameManifest = {
  slug: 'hangman-duel',
  namespaces: ['multiplayer', 'hangman'],
  room: { game: 'hangman', load: () => import('./duel-page.tsx') },
  replay: { mode: 'duel', load: () => import('./duel-replay.tsx') },
};
