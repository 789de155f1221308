import type { GameManifest } from '../../../lib/games/registry.tsx';

/** Math Sprint at /math-sprint: quick arithmetic against the clock. */
export const mathSprint: GameManifest = {
  slug: 'math-sprint',
  namespaces: ['math-sprint', 'arcade'],
  play: { path: 'math-sprint', load: () => import('./math-sprint-page.tsx') },
  fairness: { load: () => import('./verify.ts') },
};
