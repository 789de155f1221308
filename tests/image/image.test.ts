/**
 * The image without a Docker engine: the Dockerfile's stages run as plain commands in a scratch folder (its `npm`
 * steps really run; a step that only makes sense inside a container, like creating /data, is listed as skipped),
 * then the runtime stage's command starts Qal from the compiled code and production dependencies alone, and its
 * HEALTHCHECK must pass. What the image promises (non-root, production, /ready) is checked on the Dockerfile.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@qal/events/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { commandOf, copyOf, envOf, healthCommandOf, ignoreMatcher, readDockerfile, type Stage } from './dockerfile.ts';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const stages = readDockerfile(REPO_ROOT);
const runtime = stages.at(-1) as Stage;
const scripts = (JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const HEALTHY_WITHIN_MS = 120_000;

const argsOf = (stage: Stage, keyword: string) => stage.instructions.filter((step) => step.keyword === keyword).map((step) => step.args);

describe('the Dockerfile', () => {
  it('builds in one stage and runs production dependencies as a non-root user in another', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'runtime']);
    for (const stage of stages) expect(stage.base).toMatch(/^node:20[.\d]*-bookworm-slim$/);
    expect(argsOf(runtime, 'RUN').join(' ')).toContain('npm ci --omit=dev');
    expect(envOf(argsOf(runtime, 'ENV').join(' ')).NODE_ENV).toBe('production');
    const user = argsOf(runtime, 'USER').at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^(root|0)$/);
  });

  it('checks its health on /ready and starts with a script the package defines', () => {
    expect(healthCommandOf(argsOf(runtime, 'HEALTHCHECK').at(-1) ?? '').join(' ')).toContain('/ready');
    const command = commandOf(argsOf(runtime, 'CMD').at(-1) ?? '');
    expect(command.slice(0, 2)).toEqual(['npm', 'run']);
    expect(scripts[command[2] ?? '']).toMatch(/^node --conditions=qal-compiled \S+\/dist\//);
  });
});

interface Built {
  readonly roots: Map<string, string>;
  readonly skipped: string[];
}

describe('the image, its stages run as plain commands', () => {
  let scratch = '';
  let server: ChildProcess | null = null;
  afterAll(async () => {
    if (server?.pid) process.kill(-server.pid, 'SIGKILL');
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it('builds, installs production dependencies only, and serves Qal from the compiled code', async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'qal-image-'));
    const built = await runStages(scratch);
    console.log(`image stages mirrored in ${scratch}; container-only steps skipped: ${built.skipped.join(' | ') || 'none'}`);

    const root = built.roots.get(runtime.name) ?? '';
    const workdir = path.join(root, argsOf(runtime, 'WORKDIR').at(-1) ?? '/');
    // no TypeScript loader and no build tools in the runtime stage's dependencies
    for (const devOnly of ['tsx', 'vite', 'esbuild', 'vitest']) {
      expect(spawnSync('node', ['-e', `require.resolve('${devOnly}')`], { cwd: workdir }).status, devOnly).not.toBe(0);
    }

    const port = await freePort();
    const env = { ...containerEnv(runtime, root), PORT: String(port), HOST: '127.0.0.1', QAL_STAGING: '1' };
    server = spawn(commandOf(argsOf(runtime, 'CMD').at(-1) ?? '')[0] ?? '', commandOf(argsOf(runtime, 'CMD').at(-1) ?? '').slice(1), {
      cwd: workdir,
      env,
      // its log lines are the server's, not the test's: only what goes wrong (stderr) is shown
      stdio: ['ignore', 'ignore', 'inherit'],
      detached: true,
    });
    await healthy(healthCommandOf(argsOf(runtime, 'HEALTHCHECK').at(-1) ?? ''), workdir, env);

    const page = await fetch(`http://127.0.0.1:${port}/am`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const games = (await (await fetch(`http://127.0.0.1:${port}/api/v1/games`)).json()) as { data?: { games?: unknown[] } };
    expect(games.data?.games?.length).toBeGreaterThan(0);
  });
});

/** Every stage in its own folder standing for the container's `/`. */
async function runStages(scratch: string): Promise<Built> {
  const roots = new Map<string, string>();
  const skipped: string[] = [];
  const context = contextFiles();
  for (const stage of stages) {
    const root = path.join(scratch, stage.name);
    roots.set(stage.name, root);
    let workdir = '/';
    let env: Record<string, string> = {};
    for (const { keyword, args } of stage.instructions) {
      if (keyword === 'WORKDIR') {
        workdir = path.posix.resolve(workdir, args);
        await mkdir(path.join(root, workdir), { recursive: true });
      } else if (keyword === 'ENV') env = { ...env, ...envOf(args) };
      else if (keyword === 'COPY') await copy(args, { root, workdir, roots, context });
      else if (keyword === 'RUN') {
        if (!args.startsWith('npm ')) {
          skipped.push(args);
          continue;
        }
        const run = spawnSync('sh', ['-c', args], {
          cwd: path.join(root, workdir),
          env: { ...process.env, ...absolute(env, root) },
          stdio: 'inherit',
        });
        if (run.status !== 0) throw new Error(`stage ${stage.name}: RUN ${args} exited with ${run.status}`);
      }
    }
  }
  return { roots, skipped };
}

async function copy(args: string, at: { root: string; workdir: string; roots: Map<string, string>; context: readonly string[] }) {
  const { from, sources, destination } = copyOf(args);
  const target = path.join(at.root, path.posix.resolve(at.workdir, destination));
  for (const source of sources) {
    if (from !== null) {
      const fromRoot = at.roots.get(from);
      if (!fromRoot) throw new Error(`COPY --from=${from}: no such stage before this one`);
      await cp(path.join(fromRoot, source), target, { recursive: true });
      continue;
    }
    const prefix = source === '.' ? '' : source.replace(/\/$/, '');
    const files = at.context.filter((file) => prefix === '' || file === prefix || file.startsWith(`${prefix}/`));
    if (files.length === 0) throw new Error(`COPY ${source}: not in the build context`);
    for (const file of files) {
      // a directory's contents go under the destination; a file into it (ending in /) or onto it
      const into =
        file !== prefix
          ? path.join(target, path.relative(prefix, file))
          : destination.endsWith('/')
            ? path.join(target, path.basename(file))
            : target;
      await mkdir(path.dirname(into), { recursive: true });
      await cp(path.join(REPO_ROOT, file), into);
    }
  }
}

/** The build context: what git knows (tracked and new files) less what .dockerignore leaves out. */
function contextFiles(): string[] {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const ignored = ignoreMatcher(spawnSync('cat', ['.dockerignore'], { cwd: REPO_ROOT, encoding: 'utf8' }).stdout.split('\n'));
  // a file deleted but not yet committed is not in the work tree either
  return listed.stdout.split('\0').filter((file) => file !== '' && !ignored(file) && existsSync(path.join(REPO_ROOT, file)));
}

/** The runtime stage's environment, its absolute paths (like /data) inside the stage's folder. */
function containerEnv(stage: Stage, root: string): Record<string, string> {
  return { ...process.env, ...absolute(envOf(argsOf(stage, 'ENV').join(' ')), root) } as Record<string, string>;
}

function absolute(env: Record<string, string>, root: string): Record<string, string> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value.startsWith('/') ? path.join(root, value) : value]));
}

async function healthy(command: string[], cwd: string, env: Record<string, string>) {
  const deadline = Date.now() + HEALTHY_WITHIN_MS;
  while (spawnSync(command[0] ?? '', command.slice(1), { cwd, env }).status !== 0) {
    if (Date.now() > deadline) throw new Error(`the HEALTHCHECK did not pass within ${HEALTHY_WITHIN_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
