import type { GameManifest } from '../../../lib/games/registry.tsx';

/** Sum Chaser at /sum-chaser: an arcade game of chance. */
export const sumChaser: GameManifest = {
  slug: 'sum-chaser',
  namespaces: ['sum-chaser', 'arcade'],
  play: { path: 'sum-chaser', load: () => import('./sum-chaser-page.tsx') },
  fairness: { load: () => import('./verify.ts') },
};
