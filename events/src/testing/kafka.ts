import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Kafka, logLevel } from 'kafkajs';
import { dockerAnswers, kafkaContainer, reportSource } from './containers.ts';

/** The port a test run's own broker listens on (the controller takes the next one); 19092 stays the developer's. */
const TEST_PORT = Number(process.env.KAFKA_TEST_PORT ?? 29092);
const KAFKA_SCRIPT = fileURLToPath(new URL('../../../scripts/kafka.sh', import.meta.url));
/** A cold start may first fetch ~45 MB of jars from Maven Central, then waits up to 60 s for the broker. */
const START_TIMEOUT_MS = 240_000;
/** Exit code of scripts/kafka.sh when java 17+, mvn or Maven Central is missing. */
const PREREQUISITE_MISSING = 2;

/** Leases this process holds on a broker started through scripts/kafka.sh, released by `stopKafkaIfStarted`. */
const leases: { lease: string; port: number }[] = [];

/**
 * The Kafka bootstrap servers for tests: KAFKA_BROKERS when it answers, else a broker of our own on a test port: a
 * KRaft container where a Docker engine answers (containers.ts), else one started with scripts/kafka.sh (shared by the test processes of one run through leases). Returns null with a
 * printed reason when no broker can be had (no java, mvn or Maven Central) — except in CI (`CI=true`), where
 * Kafka is required and this throws. Pair it with `stopKafkaIfStarted()` in afterAll. With `port`, always a broker
 * of our own on that port (its controller on the next one), for a suite that stops and restarts it.
 */
export async function findOrStartKafka(options: { readonly port?: number } = {}): Promise<string | null> {
  // A suite that stops and starts its broker (fault tests) asks for a port of its own: never KAFKA_BROKERS.
  const port = options.port ?? TEST_PORT;
  const given = options.port === undefined ? process.env.KAFKA_BROKERS : undefined;
  if (given) {
    if ((await kafkaAnswers(given)) && (await groupCoordinatorReady(given, 30_000))) {
      reportSource('Kafka', `KAFKA_BROKERS (${given})`);
      return given;
    }
    console.warn(`KAFKA_BROKERS=${given} did not answer; starting a test broker on port ${port} instead`);
  }
  if (await dockerAnswers()) {
    const { brokers } = await kafkaContainer(port);
    if ((await kafkaAnswers(brokers, 60_000)) && (await groupCoordinatorReady(brokers, 30_000))) {
      reportSource('Kafka', `testcontainers ${brokers}`);
      return brokers;
    }
    return unavailable(`the broker container on ${brokers} started but its admin API did not answer`);
  }
  const lease = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const result = await runKafkaScript(['start', lease], port, START_TIMEOUT_MS);
  if (result.code === 0) {
    leases.push({ lease, port });
    const brokers = `127.0.0.1:${port}`;
    if ((await kafkaAnswers(brokers, 15_000)) && (await groupCoordinatorReady(brokers, 30_000))) {
      reportSource('Kafka', `the Maven-built broker (scripts/kafka.sh) on ${brokers}`);
      return brokers;
    }
    await stopKafkaIfStarted();
    return unavailable(`the broker on ${brokers} started but its admin API did not answer`);
  }
  await runKafkaScript(['release', lease], port, 30_000);
  const why = result.stderr.trim().split('\n').slice(-12).join('\n');
  return unavailable(result.code === PREREQUISITE_MISSING ? why : `scripts/kafka.sh start failed (exit ${result.code}):\n${why}`);
}

/** Releases this process's leases; the last release stops the broker that the tests started (never KAFKA_BROKERS). */
export async function stopKafkaIfStarted(): Promise<void> {
  for (const { lease, port } of leases.splice(0)) {
    const result = await runKafkaScript(['release', lease], port, 60_000);
    if (result.code !== 0) console.warn(`scripts/kafka.sh release failed (exit ${result.code}): ${result.stderr.trim()}`);
  }
}

/** True when a Kafka admin client can describe the cluster within the time given. */
export async function kafkaAnswers(brokers: string, withinMs = 5_000): Promise<boolean> {
  const admin = new Kafka({
    clientId: 'qal-test-probe',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    retry: { retries: 0 },
  }).admin();
  const deadline = Date.now() + withinMs;
  try {
    for (;;) {
      try {
        await admin.connect();
        await admin.describeCluster();
        return true;
      } catch {
        if (Date.now() >= deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * On a fresh broker the first consumer group creates __consumer_offsets, and its coordinator answers "loading"
 * for a moment: kafkajs crashes and restarts a consumer that meets that, which can redeliver messages. Tests
 * count deliveries, so wait here until a group can be described.
 */
async function groupCoordinatorReady(brokers: string, withinMs: number): Promise<boolean> {
  const admin = new Kafka({ clientId: 'qal-test-probe', brokers: brokers.split(','), logLevel: logLevel.NOTHING }).admin();
  const deadline = Date.now() + withinMs;
  try {
    await admin.connect();
    for (;;) {
      try {
        await admin.describeGroups(['qal-test-warmup']); // throws while the coordinator is unavailable or loading
        return true;
      } catch {
        // coordinator not available or still loading: ask again
      }
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

function unavailable(reason: string): null {
  if (process.env.CI === 'true') throw new Error(`Kafka is required in CI but no broker could be started: ${reason}`);
  console.warn(`SKIP Kafka suites: ${reason}`);
  return null;
}

function runKafkaScript(args: string[], port: number, timeout: number): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile('bash', [KAFKA_SCRIPT, ...args], { timeout, env: { ...process.env, KAFKA_PORT: String(port) } }, (error, _stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stderr: `${stderr}${error && code === 1 && !stderr ? String(error) : ''}` });
    });
  });
}
