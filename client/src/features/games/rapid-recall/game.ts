import type { GameManifest } from '../../../lib/games/registry.tsx';

/** Rapid Recall at /rapid-recall: remember ever longer sequences. */
export const rapidRecall: GameManifest = {
  slug: 'rapid-recall',
  namespaces: ['rapid-recall', 'arcade'],
  play: { path: 'rapid-recall', load: () => import('./rapid-recall-page.tsx') },
  fairness: { load: () => import('./verify.ts') },
};
