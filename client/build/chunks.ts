/**
 * How the build splits the code. Everything the entry imports statically (React, the router, i18next, the shell, the
 * auth machine...) is needed before the first page can show, so it is one file (beside a tiny one of bundler
 * helpers): left to itself the bundler cuts it into eight, and a phone on a slow network pays a round trip and a
 * connection for each. Pages, games and translations stay chunks of their own, loaded when a route needs them.
 *
 * Below that, the bundler makes a chunk of each small module two pages share, and a first visit to the Hangman page
 * asked for eight of them under 2 kB each: a request, a connection's round trip and a share of a slow network's
 * bandwidth each, while the entry still downloads. The groups below make those few files.
 */
import type { BuildEnvironmentOptions } from 'vite';

/** The first-load file is ~530 kB before compression (~140 kB in brotli); warn when it grows well past that. */
const FIRST_LOAD_WARNING_KB = 600;

/** The small helpers nearly every page imports: its data and meta hooks, the error text, the games catalogue. */
const PAGE_KIT = [
  'client/src/hooks/use-api-query.ts',
  'client/src/hooks/use-document-meta.ts',
  'client/src/hooks/use-token-problem.ts',
  'client/src/hooks/use-now.ts',
  'client/src/lib/token-errors.ts',
  'client/src/components/error-message.tsx',
  'client/src/lib/games/games-api.ts',
  'events/src/contracts/values.ts',
  'events/src/contracts/fairness.ts',
];
/** Hangman's API and its contract, which every Hangman page (single game, board, duel) and its verifier load together. */
const HANGMAN_API = ['client/src/lib/hangman/hangman-api.ts', 'events/src/contracts/hangman.ts'];

/** Whether a module id is one of `files` (paths from the repository root). */
const oneOf = (files: readonly string[]) => (id: string) => {
  const file = id.split('\\').join('/');
  return files.some((name) => file.endsWith(`/${name}`));
};

export const chunking: Pick<BuildEnvironmentOptions, 'rolldownOptions' | 'chunkSizeWarningLimit'> = {
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [
          { name: 'index', tags: ['$initial'] },
          // Only the files listed: what they import is in the entry already, or stays where the bundler puts it.
          { name: 'page-kit', test: oneOf(PAGE_KIT), includeDependenciesRecursively: false },
          { name: 'hangman-api', test: oneOf(HANGMAN_API), includeDependenciesRecursively: false },
        ],
      },
    },
  },
  chunkSizeWarningLimit: FIRST_LOAD_WARNING_KB,
};
