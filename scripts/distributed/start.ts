/**
 * `npm run start:distributed`: the distributed topology on this machine. Two gateways (PORT and PORT+1), the
 * game engine, the ledger and the leaderboard as separate Node processes on KAFKA_BROKERS and DATABASE_URL;
 * their logs prefixed with their names; Ctrl-C stops them all.
 *
 * Defaults: DATABASE_URL=postgres://postgres@127.0.0.1:5432/qal (created when missing), KAFKA_BROKERS=
 * 127.0.0.1:19092 (the Maven-built broker of scripts/kafka.sh, started when nothing answers there), REDIS_URL
 * of a Redis on 127.0.0.1:6379 when one answers, OTP_PEPPER generated once into .data/otp-pepper.
 */
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { ensureDatabase } from '@qal/events';
import { kafkaAnswers } from '@qal/events/testing';
import { loadOrCreatePepper } from '@qal/gateway';
import { createTopology, REPO_ROOT, type Topology } from './topology.ts';

const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/qal';
const DEFAULT_KAFKA_BROKERS = '127.0.0.1:19092';
const LOCAL_REDIS = { host: '127.0.0.1', port: 6379 };

const COLORS = ['\x1b[36m', '\x1b[35m', '\x1b[33m', '\x1b[32m', '\x1b[34m', '\x1b[91m'];
const RESET = '\x1b[0m';
const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) fail(`${name} must be a port number (got ${JSON.stringify(raw)})`);
  return value;
}

function fail(message: string): never {
  console.error(`start:distributed: ${message}`);
  process.exit(1);
}

/** A pino JSON line as `time LEVEL message {rest}`; anything else (the console SMS line) as it is. */
function pretty(line: string): string {
  if (!line.startsWith('{')) return line;
  try {
    const { level, time, msg, pid: _pid, hostname: _host, service: _service, ...rest } = JSON.parse(line) as Record<string, unknown>;
    const at = typeof time === 'number' ? new Date(time).toISOString().slice(11, 23) : '';
    const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : '';
    return `${at} ${LEVELS[Number(level)] ?? String(level)} ${String(msg ?? '')}${extra}`;
  } catch {
    return line;
  }
}

function redisAnswers(host: string, portNumber: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port: portNumber });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const kafkaBrokers = process.env.KAFKA_BROKERS || DEFAULT_KAFKA_BROKERS;
  const gatewayPort = port('PORT', 3000);
  const ports = {
    gatewayPorts: [gatewayPort, gatewayPort + 1],
    ledgerPort: port('LEDGER_PORT', 3101),
    enginePort: port('ENGINE_PORT', 3102),
    leaderboardPort: port('LEADERBOARD_PORT', 3103),
  };

  try {
    if ((await ensureDatabase(databaseUrl)) === 'created') console.log(`created the database of ${databaseUrl}`);
  } catch (error) {
    fail(`PostgreSQL at ${databaseUrl} did not answer (${String(error)}); set DATABASE_URL`);
  }

  if (!(await kafkaAnswers(kafkaBrokers, 3_000))) {
    if (process.env.KAFKA_BROKERS) fail(`no Kafka broker answers at KAFKA_BROKERS=${kafkaBrokers}`);
    console.log(`no broker on ${kafkaBrokers}: starting one with scripts/kafka.sh (npm run kafka:stop stops it)`);
    const started = spawnSync('bash', [path.join(REPO_ROOT, 'scripts/kafka.sh'), 'start'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, KAFKA_PORT: kafkaBrokers.split(':')[1] ?? '19092' },
    });
    if (started.status !== 0 || !(await kafkaAnswers(kafkaBrokers, 30_000))) fail('the Kafka broker did not start (see above)');
  }

  let redisUrl = process.env.REDIS_URL || null;
  if (!redisUrl && (await redisAnswers(LOCAL_REDIS.host, LOCAL_REDIS.port))) redisUrl = `redis://${LOCAL_REDIS.host}:${LOCAL_REDIS.port}`;
  if (!redisUrl) console.warn('no REDIS_URL and no Redis on 127.0.0.1:6379: each gateway counts per-IP limits on its own');

  const otpPepper = process.env.OTP_PEPPER || (await loadOrCreatePepper(path.resolve(REPO_ROOT, process.env.QAL_DATA_DIR || '.data')));
  const color = process.stdout.isTTY ? (index: number) => COLORS[index % COLORS.length] ?? '' : () => '';
  const names = ['ledger', 'game-engine', 'leaderboard', 'gateway-1', 'gateway-2'];
  const width = Math.max(...names.map((n) => n.length));

  let stopping = false;
  let topology: Topology | null = null;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('stopping every process ...');
    await topology?.stop();
    console.log('all stopped');
    process.exit(code);
  };

  topology = createTopology({
    databaseUrl,
    kafkaBrokers,
    redisUrl,
    otpPepper,
    ...ports,
    onLine(name, line) {
      const index = names.indexOf(name);
      const prefix = `${color(index)}[${name.padEnd(width)}]${color(index) ? RESET : ''}`;
      process.stdout.write(`${prefix} ${pretty(line)}\n`);
    },
    onUnexpectedExit(name, code, signal) {
      if (stopping) return;
      console.error(`${name} ended unexpectedly (code ${code}, signal ${signal}); stopping the others`);
      void stopAll(1);
    },
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) {
        // a second Ctrl-C: no more waiting
        for (const p of topology?.processes ?? []) if (p.pid) process.kill(p.pid, 'SIGKILL');
        process.exit(1);
      }
      void stopAll(0);
    });
  }

  await topology.start();
  const [first, second] = ports.gatewayPorts;
  console.log(
    [
      '',
      'Qal (distributed) is ready:',
      `  gateway-1    http://localhost:${first}    (/health, /ready)`,
      `  gateway-2    http://localhost:${second}`,
      `  ledger       http://localhost:${ports.ledgerPort}/ready`,
      `  game-engine  http://localhost:${ports.enginePort}/ready`,
      `  leaderboard  http://localhost:${ports.leaderboardPort}/ready (store → Kafka relay)`,
      `  DATABASE_URL=${databaseUrl}  KAFKA_BROKERS=${kafkaBrokers}  REDIS_URL=${redisUrl ?? '(none)'}`,
      'Sign-in codes appear as [sms] lines. Ctrl-C stops every process.',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => fail(error instanceof Error ? (error.stack ?? error.message) : String(error)));
