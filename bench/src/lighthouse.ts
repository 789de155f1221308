/**
 * npm run bench:lighthouse
 *
 * Lighthouse (mobile, its default simulated throttling: a mid-range phone on a slow 4G network) on the first load
 * of `/`, `/am` and `/am/hangman`, signed out, against the embedded app started here on a free port over a fresh
 * data folder. Prints performance, accessibility, LCP, TBT, CLS and the bytes transferred per page, whether the
 * targets are met, and the accessibility audits that failed; writes bench/results/lighthouse.json.
 *
 * It builds nothing: it serves the client/dist that is there, so run `npm run build -w @qal/client` first.
 * LIGHTHOUSE_PAGES=/,/am overrides the pages; LIGHTHOUSE_RUNS (default 3) runs per page, the median by performance is reported: the simulation scales the
 * main-thread time it observes, so a loaded machine reads slower than a phone would be. CHROMIUM_PATH overrides
 * /usr/bin/chromium. LIGHTHOUSE_REPORT_DIR=<folder> also keeps each run's full report there (lighthouse JSON).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { freePort } from '@qal/events/testing';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The gateway serves CLIENT_DIST_DIR when it is set, client/dist otherwise. */
const CLIENT_INDEX = join(process.env.CLIENT_DIST_DIR ?? join(REPO_ROOT, 'client/dist'), 'index.html');
const GATEWAY_MAIN = join(REPO_ROOT, 'services/gateway/src/main.ts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const DEFAULT_PAGES = ['/', '/am', '/am/hangman'];
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? DEFAULT_PAGES;
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const STARTUP_TIMEOUT_MS = 60_000;
const MAX_ATTEMPTS = 3;

const TARGETS = { performance: 90, lcpMs: 2500, accessibility: 100 } as const;

interface PageFigures {
  readonly page: string;
  readonly performance: number;
  readonly accessibility: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly transferredKb: number;
  readonly failedAccessibilityAudits: readonly string[];
}

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** The figures of one Lighthouse report. */
function figuresOf(page: string, lhr: Result): PageFigures {
  const accessibilityAudits = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    page,
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(3)),
    transferredKb: Math.round(numeric(lhr, 'total-byte-weight') / 1024),
    failedAccessibilityAudits: accessibilityAudits
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => `${ref.id}: ${lhr.audits[ref.id]?.title ?? ''}`),
  };
}

/** The run in the middle by performance score. */
function medianRun(runs: readonly PageFigures[]): PageFigures {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (!middle) throw new Error('no Lighthouse run to report');
  return middle;
}

function missedTargets(figures: PageFigures): string[] {
  const missed: string[] = [];
  if (figures.performance < TARGETS.performance) missed.push(`performance ${figures.performance} < ${TARGETS.performance}`);
  if (figures.lcpMs > TARGETS.lcpMs) missed.push(`LCP ${figures.lcpMs} ms > ${TARGETS.lcpMs} ms`);
  if (figures.accessibility < TARGETS.accessibility) missed.push(`accessibility ${figures.accessibility} < ${TARGETS.accessibility}`);
  return missed;
}

/** `npm run dev` on a free port and a throwaway data folder (no rate limit: every run loads each asset afresh); resolves once /health answers. */
async function startQal(dataDir: string): Promise<{ base: string; gateway: ChildProcess }> {
  const port = await freePort();
  const gateway = spawn(process.execPath, ['--import', 'tsx', GATEWAY_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      QAL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gateway.exitCode !== null) throw new Error(`the gateway exited with code ${gateway.exitCode}`);
    const healthy = await fetch(`${base}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { base, gateway };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  gateway.kill();
  throw new Error(`the gateway did not answer /health within ${STARTUP_TIMEOUT_MS} ms`);
}

async function audit(url: string, port: number): Promise<Result> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_')}-${Date.now()}.json`;
    writeFileSync(join(REPORT_DIR, name), JSON.stringify(result.lhr));
  }
  return result.lhr;
}

/** Lighthouse now and then fails to record a load (NO_NAVSTART, NO_FCP on a busy machine): such a run is run again. */
async function auditWithRetries(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      console.warn(`  ${url}: ${error instanceof Error ? error.message : String(error)}; running it again`);
    }
  }
}

function print(results: readonly PageFigures[]) {
  console.log('\npage           perf  a11y   LCP ms   TBT ms    CLS   KB   targets');
  for (const r of results) {
    const missed = missedTargets(r);
    console.log(
      `${r.page.padEnd(13)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(5)} ${String(r.lcpMs).padStart(8)} ${String(r.tbtMs).padStart(8)} ${r.cls.toFixed(3).padStart(6)} ${String(r.transferredKb).padStart(4)}   ${missed.length === 0 ? 'met' : `MISSED: ${missed.join('; ')}`}`,
    );
    for (const failed of r.failedAccessibilityAudits) console.log(`    accessibility: ${failed}`);
  }
  const allMet = results.every((r) => missedTargets(r).length === 0);
  console.log(
    `\ntargets (performance ≥ ${TARGETS.performance}, LCP ≤ ${TARGETS.lcpMs} ms, accessibility ${TARGETS.accessibility}): ${allMet ? 'all met' : 'not all met'}`,
  );
}

async function main() {
  if (!existsSync(CLIENT_INDEX))
    throw new Error(`${CLIENT_INDEX} is missing: run \`npm run build -w @qal/client\` first (this bench builds nothing)`);
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (npm run setup:test installs it)`);
  const dataDir = await mkdtemp(join(tmpdir(), 'qal-bench-lighthouse-'));
  const { base, gateway } = await startQal(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    console.log(`Lighthouse ${RUNS}× per page on ${base} (mobile, simulated throttling; load average ${loadavg()[0]?.toFixed(2)})`);
    const results: PageFigures[] = [];
    for (const page of PAGES) {
      const runs: PageFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(figuresOf(page, await auditWithRetries(`${base}${page}`, chrome.port)));
        console.log(`  ${page} run ${run + 1}: performance ${runs.at(-1)?.performance}, LCP ${runs.at(-1)?.lcpMs} ms`);
      }
      results.push(medianRun(runs));
    }
    print(results);
    const out = join(REPO_ROOT, 'bench/results/lighthouse.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(
      out,
      JSON.stringify({ at: new Date().toISOString(), runsPerPage: RUNS, loadAverage: loadavg(), targets: TARGETS, results }, null, 2),
    );
  } finally {
    chrome.kill();
    if (gateway.exitCode === null) {
      const exited = new Promise((resolve) => gateway.once('exit', resolve));
      gateway.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
