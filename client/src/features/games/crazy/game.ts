import type { GameManifest } from '../../../lib/games/registry.tsx';

/** Crazy, the card game: the table of a room whose game is 'crazy', and the replay of a Crazy match. */
export const crazy: GameManifest = {
  slug: 'crazy',
  namespaces: ['multiplayer', 'crazy'],
  room: { game: 'crazy', load: () => import('./crazy-table.tsx') },
  replay: { mode: 'crazy', load: () => import('./crazy-replay.tsx') },
};
