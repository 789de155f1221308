/**
 * Infrastructure for the integration, Kafka and fault suites and the benchmarks from testcontainers, when a Docker
 * engine answers: PostgreSQL, a KRaft Kafka broker and Redis, each started once per process and removed by
 * testcontainers' reaper when the process ends. Without an engine (or with QAL_TESTCONTAINERS=0) the callers use
 * DATABASE_URL, KAFKA_BROKERS and the Maven-built broker as before. testcontainers is loaded only when an engine
 * is there, so the Docker-less path costs nothing.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { StartedTestContainer } from 'testcontainers';

export const CONTAINER_IMAGES = {
  postgres: 'postgres:15',
  kafka: 'apache/kafka:4.1.1',
  redis: 'redis:7',
} as const;
const STARTUP_TIMEOUT_MS = 180_000;

let engine: Promise<boolean> | undefined;

/** True when a Docker engine answers (its socket or DOCKER_HOST, then a ping through testcontainers). */
export function dockerAnswers(): Promise<boolean> {
  engine ??= (async () => {
    if (process.env.QAL_TESTCONTAINERS === '0') return false;
    const sockets = ['/var/run/docker.sock', path.join(homedir(), '.docker/run/docker.sock')];
    if (process.env.XDG_RUNTIME_DIR) sockets.push(path.join(process.env.XDG_RUNTIME_DIR, 'docker.sock'));
    if (!process.env.DOCKER_HOST && !sockets.some((socket) => existsSync(socket))) return false;
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      await getContainerRuntimeClient();
      return true;
    } catch {
      return false;
    }
  })();
  return engine;
}

const started = new Map<string, Promise<StartedTestContainer>>();

function once(key: string, start: () => Promise<StartedTestContainer>): Promise<StartedTestContainer> {
  let container = started.get(key);
  if (!container) {
    container = start();
    started.set(key, container);
  }
  return container;
}

/** A PostgreSQL server (trust authentication, database `test`); its URL. */
export async function postgresContainer(): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await once('postgres', () =>
    new GenericContainer(CONTAINER_IMAGES.postgres)
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_DB: 'test' })
      .withExposedPorts(5432)
      // the image restarts its server once after initialising: the second "ready" is the one that stays
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start(),
  );
  return `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/test`;
}

/**
 * A single-node KRaft broker listening on `port` of this host (the fault suite stops and starts it, so the port must
 * stay the same across restarts: a fixed binding rather than a mapped one); its bootstrap servers.
 */
export async function kafkaContainer(port: number): Promise<{ brokers: string; container: StartedTestContainer }> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await once(`kafka-${port}`, () =>
    new GenericContainer(CONTAINER_IMAGES.kafka)
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
        KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT',
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_INTER_BROKER_LISTENER_NAME: 'PLAINTEXT',
        // the topics are created by the services, as on the Maven-built test broker (tools/kafka/server.properties)
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      })
      .withExposedPorts({ container: 9092, host: port })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start(),
  );
  return { brokers: `127.0.0.1:${port}`, container };
}

/** A Redis server; its URL. */
export async function redisContainer(): Promise<string> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await once('redis', () =>
    new GenericContainer(CONTAINER_IMAGES.redis)
      .withExposedPorts(6379)
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/))
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
      .start(),
  );
  return `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
}

/** The broker container started on `port` by this process, if any (the fault suite stops and restarts it). */
export async function kafkaContainerOn(port: number): Promise<StartedTestContainer | null> {
  return (await started.get(`kafka-${port}`)) ?? null;
}

/** One line saying where a suite's infrastructure came from, so a run's log shows it. */
export function reportSource(what: string, source: string): void {
  console.warn(`${what} for tests: ${source}`);
}

/**
 * Stops or starts again the broker container on `port` (a controlled shutdown, then the same container and
 * storage: topics, offsets and groups kept, as a real restart). False when this process started none there.
 */
export async function setKafkaContainerRunning(port: number, running: boolean): Promise<boolean> {
  const started = await kafkaContainerOn(port);
  if (!started) return false;
  const { getContainerRuntimeClient } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  const container = client.container.getById(started.getId());
  if (running) await client.container.start(container);
  else await client.container.stop(container, { timeout: 30 });
  return true;
}
