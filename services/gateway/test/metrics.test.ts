import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsServer } from '@qal/events/metrics';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createGatewayMetrics } from '../src/metrics.ts';
import { createTestPlatform, type TestPlatform } from '../src/testing/platform.ts';
import { bearer } from './support/platform.ts';
import { connectSocket } from './support/ws-client.ts';

/**
 * What an operator's Prometheus sees: /metrics in the text format with the gateway's requests, commands and sockets
 * and the embedded services' store, projections and ledger, and where /metrics may be read at all.
 */
let t: TestPlatform;
let wsBase: string;
beforeAll(async () => {
  t = await createTestPlatform({ metrics: createGatewayMetrics('qal') });
  wsBase = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** The samples of a scrape (`name{label="value",...} number`), comments left out. */
function samplesOf(text: string): Sample[] {
  return text.split('\n').flatMap((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) return [];
    const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
    return [{ name: match[1]!, labels, value: Number(match[3]) }];
  });
}

/** The value of the one sample with that name and (at least) those labels; undefined when there is none. */
function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

async function scrape(url = '/metrics') {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return samplesOf(response.body);
}

describe('/metrics', () => {
  it('shows the requests, commands, pushes, appends, projection lag and transfers of the process', async () => {
    const { token, user } = await t.signIn();
    const ws = await connectSocket(wsBase, token);
    ws.send({ type: 'subscribe', channel: `user:${user.id}` });
    await ws.next('subscribed');
    const claimed = await t.app.inject({ method: 'POST', url: '/api/v1/user/claim-daily-bonus', headers: bearer(token) });
    expect(claimed.statusCode).toBe(200);
    await ws.next('push');

    const samples = await scrape();
    const claimRoute = { method: 'POST', route: '/api/v1/user/claim-daily-bonus', status_code: '200' };
    expect(valueOf(samples, 'qal_http_request_duration_seconds_count', claimRoute)).toBe(1);
    expect(valueOf(samples, 'qal_http_request_duration_seconds_bucket', { ...claimRoute, le: '+Inf' })).toBe(1);
    expect(valueOf(samples, 'qal_command_duration_seconds_count', { type: 'ClaimDailyBonus', outcome: 'succeeded' })).toBe(1);
    expect(valueOf(samples, 'qal_command_duration_seconds_count', { type: 'OpenWallet', outcome: 'succeeded' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'qal_ws_connections', { service: 'qal' })).toBe(1);
    expect(valueOf(samples, 'qal_ws_pushes_total', { channel: 'user' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'qal_event_store_append_duration_seconds_count', { outcome: 'appended' })).toBeGreaterThan(0);
    expect(valueOf(samples, 'qal_event_store_append_events_sum')).toBeGreaterThan(0);
    expect(valueOf(samples, 'qal_ledger_transfers_total', { reason: 'daily_bonus' })).toBe(1);
    expect(valueOf(samples, 'qal_ledger_transferred_tokens_total', { reason: 'daily_bonus' })).toBe(10);
    for (const projection of ['ledger-projection', 'engine-projection', 'leaderboard'])
      expect(valueOf(samples, 'qal_projection_lag_events', { projection }), projection).toBeGreaterThanOrEqual(0);
    expect(valueOf(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeDefined();

    ws.close();
    await ws.closed();
    expect(valueOf(await scrape(), 'qal_ws_connections')).toBe(0);
  });

  it('labels a request by its route pattern, never its raw URL', async () => {
    const { token } = await t.signIn();
    await t.app.inject({ method: 'GET', url: '/api/v1/matches/no-such-match-123', headers: bearer(token) });
    await t.app.inject({ method: 'GET', url: '/no/such/page/at/all' });
    const routes = new Set((await scrape()).filter((s) => s.name === 'qal_http_request_duration_seconds_count').map((s) => s.labels.route));
    expect(routes).toContain('/api/v1/matches/:matchId');
    expect(routes).toContain('unmatched');
    expect([...routes].filter((route) => route?.includes('no-such') || route?.includes('/no/such'))).toEqual([]);
  });

  it('is not answered on the public port with NODE_ENV=production, unless METRICS_PUBLIC=1 or on METRICS_PORT', async () => {
    const production = (env: Record<string, string>) =>
      loadConfig({ NODE_ENV: 'production', QAL_STAGING: '1', OTP_PEPPER: 'p'.repeat(32), ...env }).metrics;
    const appWith = async (metrics: ReturnType<typeof production>) => {
      const { app } = await buildApp({ ...t.platform, config: { ...t.config, metrics }, clock: t.clock, logger: false });
      await app.ready();
      return app;
    };

    const closed = await appWith(production({ METRICS_PORT: '9464' }));
    const refused = await closed.inject({ method: 'GET', url: '/metrics', headers: { accept: 'text/plain' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('qal_');
    await closed.close();

    const opened = await appWith(production({ METRICS_PUBLIC: '1' }));
    const answered = await opened.inject({ method: 'GET', url: '/metrics' });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toContain('# TYPE qal_http_request_duration_seconds histogram');
    await opened.close();

    // METRICS_PORT: a listener of its own, as src/main.ts starts it
    const metrics = createGatewayMetrics();
    const server = await startMetricsServer({ registry: metrics.registry, port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE qal_ws_connections gauge');
      expect((await fetch(`http://127.0.0.1:${server.port}/api/v1/games`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
