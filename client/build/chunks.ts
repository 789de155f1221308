/**
 * How the build splits the code. Everything the entry imports statically (React, the router, i18next, the shell, the
 * auth machine...) is needed before the first page can show, so it is one file (beside a tiny one of bundler
 * helpers): left to itself the bundler cuts it into eight, and a phone on a slow network pays a round trip and a
 * connection for each. Pages, games and translations stay chunks of their own, loaded when a route needs them.
 */
import type { BuildEnvironmentOptions } from 'vite';

/** The first-load file is ~530 kB before compression (~140 kB in brotli); warn when it grows well past that. */
const FIRST_LOAD_WARNING_KB = 600;

export const chunking: Pick<BuildEnvironmentOptions, 'rolldownOptions' | 'chunkSizeWarningLimit'> = {
  rolldownOptions: {
    output: {
      codeSplitting: {
        groups: [{ name: 'index', tags: ['$initial'] }],
      },
    },
  },
  chunkSizeWarningLimit: FIRST_LOAD_WARNING_KB,
};
