/**
 * `npm run dev`: the server from source, restarted when a file it loaded changes (tsx watch), and Vite's dev server
 * with hot reload in front of it (http://localhost:5173; /api, /storage and /ws go through to the server).
 * Each line is prefixed with the process that wrote it; Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from './distributed/topology.ts';

const port = process.env.PORT ?? '3000';
const gatewayUrl = `http://localhost:${port}`;

function run(name: string, args: readonly string[], env: Record<string, string> = {}, cwd = REPO_ROOT): ChildProcess {
  const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`${name.padEnd(6)} │ ${line}`));
  }
  child.once('exit', (code, signal) => {
    console.log(`${name.padEnd(6)} │ stopped (${signal ?? `exit code ${code}`})`);
    stopAll();
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(code ?? 0);
  });
  return child;
}

const children: ChildProcess[] = [
  run('server', ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'services/gateway/src/main.ts'], {
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    // the server's output is piped through here: it prints pretty lines only when told this ends on a terminal
    ...(process.stdout.isTTY && !process.env.LOG_FORMAT && process.env.NODE_ENV !== 'production' ? { LOG_FORMAT: 'pretty' } : {}),
  }),
  run('vite', ['../node_modules/vite/bin/vite.js'], { QAL_GATEWAY_URL: gatewayUrl }, path.join(REPO_ROOT, 'client')),
];

let stopping = false;
function stopAll() {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.once('SIGINT', stopAll);
process.once('SIGTERM', stopAll);
