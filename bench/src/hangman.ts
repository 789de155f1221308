/**
 * npm run bench:hangman
 *
 * N players play single-player Hangman at the same time through the HTTP API of the embedded platform (one
 * process: gateway, engine, ledger, event store on PGlite files in a temporary folder), each starting G games one
 * after another and guessing letters until the game ends. Prints moves per second and the p50/p99 latency of a
 * move (and of a paid start), and writes bench/results/hangman.json.
 * Sizes: HANGMAN_BENCH_PLAYERS (default 32), HANGMAN_BENCH_GAMES per player (default 5, at most 20: the daily limit).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPgliteDatabase } from '@qal/events';
import { hangman } from '@qal/game-engine';
import { createTestPlatform } from '@qal/gateway/testing';
import { shuffled } from './rooms-words.ts';

const PLAYERS = Number(process.env.HANGMAN_BENCH_PLAYERS ?? 32);
const GAMES = Math.min(20, Number(process.env.HANGMAN_BENCH_GAMES ?? 5));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (n: number, digits = 2) => Number(n.toFixed(digits));
const summary = (latencies: number[]) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
};

async function main() {
  const dataDir = await mkdtemp(join(tmpdir(), 'qal-bench-hangman-'));
  const db = await openPgliteDatabase(join(dataDir, 'pglite'));
  const t = await createTestPlatform({ db, env: { RATE_LIMIT_PER_MINUTE: '1000000' } });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const moveLatencies: number[] = [];
  const startLatencies: number[] = [];
  let refused = 0;

  try {
    const players = [];
    for (let i = 0; i < PLAYERS; i += 1) players.push(await t.signIn());
    // Enough tokens for every game: a sandbox purchase each.
    for (const { token } of players) {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const started = (await (
        await fetch(`${base}/api/v1/wallet/purchases`, { method: 'POST', headers, body: JSON.stringify({ package: 'tokens_250' }) })
      ).json()) as {
        data: { purchaseId: string };
      };
      await fetch(`${base}/api/v1/payments/sandbox/${started.data.purchaseId}/confirm`, { method: 'POST', headers });
    }

    const call = async (token: string, path: string, body: unknown) => {
      const response = await fetch(`${base}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        json: (await response.json()) as { data?: { matchId?: string; view?: hangman.HangmanView }; code?: string },
      };
    };

    const began = performance.now();
    await Promise.all(
      players.map(async ({ token }, p) => {
        for (let g = 0; g < GAMES; g += 1) {
          const language = (p + g) % 2 === 0 ? 'en' : 'am';
          const t0 = performance.now();
          const start = await call(token, '/games/hangman/play', { language });
          startLatencies.push(performance.now() - t0);
          if (start.status !== 200) throw new Error(`start refused: ${start.json.code}`);
          const matchId = start.json.data!.matchId!;
          let view = start.json.data!.view!;
          for (const letter of shuffled(hangman.keysOf(language), p * 1_000 + g)) {
            if (view.status !== 'playing') break;
            const m0 = performance.now();
            const moved = await call(token, `/matches/${matchId}/moves`, { type: 'guess', letter });
            moveLatencies.push(performance.now() - m0);
            if (moved.status !== 200) {
              refused += 1;
              continue;
            }
            view = moved.json.data!.view!;
          }
        }
      }),
    );
    const elapsedMs = performance.now() - began;

    const result = {
      at: new Date().toISOString(),
      machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', loadavg: loadavg().map((l) => round(l)) },
      players: PLAYERS,
      gamesPerPlayer: GAMES,
      games: PLAYERS * GAMES,
      elapsedMs: round(elapsedMs, 0),
      movesPerSecond: round((moveLatencies.length / elapsedMs) * 1000, 0),
      moves: summary(moveLatencies),
      starts: summary(startLatencies),
      refusedMoves: refused,
    };
    console.log(`hangman bench (embedded, PGlite on disk): ${PLAYERS} players × ${GAMES} games at once over HTTP`);
    console.log(`  ${result.moves.count} moves in ${(elapsedMs / 1000).toFixed(1)} s: ${result.movesPerSecond} moves/s`);
    console.log(`  move latency  p50 ${result.moves.p50Ms} ms, p99 ${result.moves.p99Ms} ms, max ${result.moves.maxMs} ms`);
    console.log(
      `  start latency p50 ${result.starts.p50Ms} ms, p99 ${result.starts.p99Ms} ms (daily limit, fee through the ledger, start)`,
    );
    const out = join(dirname(fileURLToPath(import.meta.url)), '../results/hangman.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`  written to ${out}`);
  } finally {
    await t.close();
    await db.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
