import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer, type HealthServer } from './health.ts';
import { loadServiceEnv, ServiceConfigError } from './service.ts';

describe('a service process', () => {
  const servers: HealthServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  const start = async (checks: Record<string, () => boolean | Promise<boolean>>) => {
    const server = await startHealthServer({ service: 'ledger', port: 0, host: '127.0.0.1', checks });
    servers.push(server);
    const get = async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${server.port}${path}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return { server, get };
  };

  it('is alive on /health, and ready on /ready only when every check passes, naming the ones that fail', async () => {
    let caughtUp = false;
    const { get } = await start({ database: () => true, kafka: async () => true, projection: () => caughtUp });
    expect(await get('/health')).toMatchObject({ status: 200, body: { status: 'ok', service: 'ledger' } });
    expect(await get('/ready')).toEqual({
      status: 503,
      body: { status: 'not_ready', service: 'ledger', checks: { database: true, kafka: true, projection: false } },
    });
    caughtUp = true;
    expect(await get('/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });

  it('counts a check that throws as failing, and stops being ready once it is stopping', async () => {
    const { server, get } = await start({
      kafka: () => {
        throw new Error('no broker');
      },
    });
    expect(await get('/ready')).toMatchObject({ status: 503, body: { checks: { kafka: false } } });
    server.markStopping();
    expect(await get('/ready')).toMatchObject({ status: 503, body: { status: 'stopping' } });
    expect((await get('/health')).status).toBe(200);
  });

  it('refuses a bad environment with one line per variable', () => {
    const attempt = () =>
      loadServiceEnv({ DATABASE_URL: 'mysql://x', KAFKA_BROKERS: 'localhost', LEDGER_PORT: 'abc' }, 'LEDGER_PORT', 3101);
    expect(attempt).toThrow(ServiceConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ServiceConfigError).lines).toEqual([
        'DATABASE_URL: must be a postgres:// or postgresql:// URL',
        'KAFKA_BROKERS: must be host:port[,host:port...]',
        'LEDGER_PORT: must be a port number (got "abc")',
      ]);
    }
    expect(loadServiceEnv({ DATABASE_URL: 'postgres://db/qal', KAFKA_BROKERS: 'kafka:9092' }, 'LEDGER_PORT', 3101)).toMatchObject({
      databaseUrl: 'postgres://db/qal',
      kafkaBrokers: 'kafka:9092',
      port: 3101,
      host: '0.0.0.0',
      logLevel: 'info',
    });
  });
});
