/**
 * The real server for browser tests: the client built into a temporary folder, then `node --import tsx
 * services/gateway/src/main.ts` (the embedded mode, as `npm start` runs it) on a free port with a temporary
 * QAL_DATA_DIR. Sign-in codes are read from the server's stdout (`[sms] +2519… 123456`), as a developer would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@qal/events/testing';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium must exist; without it the browser suites skip, except in CI where that is a failure. */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium is required in CI but ${CHROMIUM} does not exist`);
  console.warn(`SKIP browser suites: no Chromium at ${CHROMIUM} (npm run setup:test installs it)`);
  return false;
}

function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}

/** Builds the client once per process into a temporary folder the server serves. */
let built: Promise<string> | null = null;
export function buildClient(): Promise<string> {
  built ??= (async () => {
    const outDir = await mkdtemp(path.join(tmpdir(), 'qal-e2e-client-'));
    await run(
      process.execPath,
      [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: path.join(REPO_ROOT, 'client'),
      },
    );
    return outDir;
  })();
  return built;
}

export interface QalServer {
  readonly baseUrl: string;
  readonly dataDir: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** The newest sign-in code sent to `phone` (E.164), waiting for it. */
  codeFor(phone: string, timeoutMs?: number): Promise<string>;
  stop(): Promise<void>;
}

export async function startQal(options: { env?: Record<string, string> } = {}): Promise<QalServer> {
  const [clientDir, port, dataDir] = await Promise.all([buildClient(), freePort(), mkdtemp(path.join(tmpdir(), 'qal-e2e-data-'))]);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      QAL_DATA_DIR: dataDir,
      CLIENT_DIST_DIR: clientDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '100000',
      SMS_PROVIDER: 'console',
      PAYMENT_PROVIDER: 'sandbox',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`${baseUrl}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    dataDir,
    output: () => output,
    codeFor(phone, timeoutMs = 10_000) {
      const pattern = new RegExp(`\\[sms\\] ${phone.replace('+', '\\+')} (\\d{6})`, 'g');
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = [...output.matchAll(pattern)].at(-1)?.[1];
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no sign-in code for ${phone} in the server output`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** How many of the server's last output lines a failed test prints. */
const FAILURE_OUTPUT_LINES = 150;

/** A request's log lines share its correlation id; only the first names the address asked for. */
interface LogLine {
  readonly correlationId?: string;
  readonly req?: { readonly url?: string };
}
const logLineOf = (line: string): LogLine | null => {
  try {
    const parsed: unknown = JSON.parse(line);
    return parsed && typeof parsed === 'object' ? (parsed as LogLine) : null;
  } catch {
    return null;
  }
};

/**
 * The lines of the server's output worth reading after a failure: without the requests for the client's files and
 * pages (the service worker alone fetches a few hundred), which would fill the tail; the API's and the socket's stay.
 */
function withoutStaticRequests(lines: readonly string[]): string[] {
  const parsed = lines.map(logLineOf);
  const staticIds = new Set(
    parsed.flatMap((line) => {
      const url = line?.req?.url;
      return line?.correlationId && url && !url.startsWith('/api/') && !url.startsWith('/ws') ? [line.correlationId] : [];
    }),
  );
  return lines.filter((_, i) => {
    const id = parsed[i]?.correlationId;
    return !id || !staticIds.has(id);
  });
}

/**
 * Prints the server's last output lines when a test fails: a failure seen once in CI is then read from the run's
 * log (what the server did, refused or logged as an error meanwhile) rather than guessed at. Call in `beforeEach`.
 */
export function printServerOutputOnFailure(server: QalServer | undefined, onTestFailed: (handler: () => void) => void): void {
  onTestFailed(() => {
    if (!server) return;
    const tail = withoutStaticRequests(server.output().trimEnd().split('\n')).slice(-FAILURE_OUTPUT_LINES);
    console.error(`The server's last ${tail.length} output lines (requests for static files left out):\n${tail.join('\n')}`);
  });
}

/** Whether a secret word reaches a server's log output. */
export { logMentionsWord } from '@qal/gateway/testing/log-fields';
