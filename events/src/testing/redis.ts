import { connect } from 'node:net';
import { dockerAnswers, redisContainer, reportSource } from './containers.ts';

const DEFAULT_URL = 'redis://127.0.0.1:6379';

/**
 * The Redis server for the suites that share per-IP counters: REDIS_URL, else a container where a Docker engine
 * answers, else the local server. Null when none answers (the caller says why it skips; in CI with REDIS_URL set,
 * the caller fails instead).
 */
export async function findTestRedis(): Promise<string | null> {
  const given = process.env.REDIS_URL;
  const url = given ?? ((await dockerAnswers()) ? await redisContainer() : DEFAULT_URL);
  if (!(await answers(url))) return null;
  reportSource('Redis', given ? 'REDIS_URL' : url === DEFAULT_URL ? `the local server (${url})` : `testcontainers (${url})`);
  return url;
}

function answers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
