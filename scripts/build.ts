/**
 * `npm run build:server`: compiles events/ and each service to JavaScript in its own `dist/`, so production runs no
 * TypeScript loader. Each package is one esbuild build of its run-time entry points (shared code split into chunks
 * beside them, so a module has one copy per package); other workspace packages and npm packages stay imports, which
 * Node resolves at run time: with `--conditions=qal-compiled` a workspace package's `exports` name its `dist/` files.
 * Type checking stays with `tsc` (`npm run typecheck`); this only strips types and rewrites imports.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { REPO_ROOT } from './distributed/topology.ts';

/** A source file (its output keeps its place under dist/), or a source file and the output's name. */
type Entry = string | { readonly in: string; readonly out: string };

/** The run-time entry points of each package, relative to its `src/`. */
export const COMPILED_ENTRIES: Readonly<Record<string, readonly Entry[]>> = {
  // the PGlite worker beside the chunk that starts it (events/src/sql/pglite-thread.ts)
  events: ['index.ts', 'contracts/index.ts', 'testing/index.ts', 'metrics/index.ts', { in: 'sql/pglite-worker.ts', out: 'pglite-worker' }],
  'services/ledger': ['index.ts', 'main.ts', 'audit/index.ts', 'audit/cli.ts'],
  'services/game-engine': ['index.ts', 'main.ts'],
  'services/leaderboard': ['index.ts', 'main.ts', 'cli.ts'],
  // testing/: the embedded platform as the benchmarks run it (bench:sockets measures what the compiled server keeps)
  'services/gateway': ['index.ts', 'main.ts', 'testing/index.ts'],
  scripts: ['start-distributed.ts'],
};

/** Everything that is not a relative import stays an import: npm packages and the other workspace packages. */
const importsStayImports: Plugin = {
  name: 'imports-stay-imports',
  setup(plugins) {
    plugins.onResolve({ filter: /^[^./]/ }, (args) => ({ path: args.path, external: true }));
  },
};

export async function buildPackage(directory: string, entries: readonly Entry[]): Promise<void> {
  const root = path.join(REPO_ROOT, directory);
  // scripts/ has no src/: its sources sit at its root
  const sources = directory === 'scripts' ? root : path.join(root, 'src');
  const outdir = path.join(root, 'dist');
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: entries.map((entry) =>
      typeof entry === 'string' ? path.join(sources, entry) : { in: path.join(sources, entry.in), out: entry.out },
    ),
    outbase: sources,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // a chunk sits beside the entries, so a module's `import.meta.url` keeps the depth it has in src/
    chunkNames: '[name]-[hash]',
    plugins: [importsStayImports],
    logLevel: 'warning',
  });
}

const started = performance.now();
for (const [directory, entries] of Object.entries(COMPILED_ENTRIES)) await buildPackage(directory, entries);
console.log(`compiled ${Object.keys(COMPILED_ENTRIES).length} packages in ${Math.round(performance.now() - started)} ms`);
