/**
 * @qal/events/testing: what the integration suites, benchmarks and scripts share to find or start their
 * infrastructure (a PostgreSQL server with scratch databases, a Kafka broker, Redis), from testcontainers where a
 * Docker engine answers. Not for production code.
 */
export { createScratchDatabase, findTestPostgres } from './postgres.ts';
export { findOrStartKafka, kafkaAnswers, stopKafkaIfStarted } from './kafka.ts';
export { findTestRedis } from './redis.ts';
export { freePort } from './ports.ts';
export { dockerAnswers, setKafkaContainerRunning } from './containers.ts';
