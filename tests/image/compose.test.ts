/**
 * docker-compose.yml checked without Docker: every Qal service runs the image this repository builds, with a
 * command the image's package defines, a health check on /ready and the variables its process refuses to start
 * without; the infrastructure is Kafka in KRaft mode, PostgreSQL and Redis with data where it must survive.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Service {
  readonly image?: string;
  readonly build?: unknown;
  readonly command?: string[];
  readonly environment?: Record<string, string | number>;
  readonly healthcheck?: { readonly test?: string[] };
  readonly volumes?: string[];
  readonly depends_on?: Record<string, { condition: string }>;
}

const compose = parse(await readFile(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const scripts = (JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const qal = Object.entries(compose.services).filter(([, service]) => service.image === 'qal:latest');
const INFRASTRUCTURE = ['kafka', 'postgres', 'redis'];

describe('docker-compose.yml', () => {
  it('runs every Qal process from the image, with a script the image defines', () => {
    expect(qal.map(([name]) => name).sort()).toEqual(['game-engine', 'gateway-1', 'gateway-2', 'leaderboard', 'ledger']);
    for (const [name, service] of qal) {
      expect(service.build, name).toBe('.');
      const [npm, run, script] = service.command ?? [];
      expect([npm, run], name).toEqual(['npm', 'run']);
      expect(scripts[script ?? ''], `${name}: npm run ${script}`).toMatch(/^node --conditions=qal-compiled \S+\/dist\/main\.js$/);
      // no bind mount of the checkout: the image carries the code
      for (const volume of service.volumes ?? []) expect(volume, name).not.toMatch(/^\.{1,2}(\/|:)/);
    }
  });

  it('checks each Qal process on /ready of its own port and starts it after the infrastructure is healthy', () => {
    for (const [name, service] of qal) {
      const port = String(
        service.environment?.PORT ??
          service.environment?.LEDGER_PORT ??
          service.environment?.ENGINE_PORT ??
          service.environment?.LEADERBOARD_PORT,
      );
      expect(service.healthcheck?.test?.join(' '), name).toContain(`127.0.0.1:${port}/ready`);
      for (const dependency of ['kafka', 'postgres']) expect(service.depends_on?.[dependency]?.condition, name).toBe('service_healthy');
    }
  });

  it('gives the gateways the secrets and shared state a distributed gateway needs', () => {
    for (const [name, service] of qal.filter(([name]) => name.startsWith('gateway'))) {
      const env = service.environment ?? {};
      expect(env.QAL_MODE, name).toBe('distributed');
      for (const variable of ['OTP_PEPPER', 'DATABASE_URL', 'KAFKA_BROKERS', 'REDIS_URL', 'GATEWAY_INSTANCE_ID'])
        expect(env[variable], `${name} ${variable}`).toBeDefined();
      // a missing secret stops `docker compose up` with its message instead of starting with an empty one
      expect(String(env.OTP_PEPPER)).toMatch(/^\$\{OTP_PEPPER:\?/);
    }
  });

  it('runs Kafka in KRaft mode, PostgreSQL with a volume and Redis, each with a health check', () => {
    for (const name of INFRASTRUCTURE) expect(compose.services[name]?.healthcheck?.test, name).toBeDefined();
    expect(compose.services.kafka?.environment?.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(compose.services.kafka?.environment).not.toHaveProperty('KAFKA_ZOOKEEPER_CONNECT');
    expect(compose.services.postgres?.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(Object.keys(compose.volumes)).toContain('postgres');
  });
});
