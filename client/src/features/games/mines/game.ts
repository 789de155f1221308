import type { GameManifest } from '../../../lib/games/registry.tsx';

/** Mines at /mines: an arcade game of chance. */
export const mines: GameManifest = {
  slug: 'mines',
  namespaces: ['mines', 'arcade'],
  play: { path: 'mines', load: () => import('./mines-page.tsx') },
  fairness: { load: () => import('./verify.ts') },
};
