import type { GameManifest } from '../../../lib/games/registry.tsx';

/** Geo Sprint at /geo-sprint: ten geography questions against the clock. */
export const geoSprint: GameManifest = {
  slug: 'geo-sprint',
  namespaces: ['geo-sprint', 'arcade'],
  play: { path: 'geo-sprint', load: () => import('./geo-sprint-page.tsx') },
  fairness: { load: () => import('./verify.ts') },
};
