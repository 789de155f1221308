import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/**
 * Ports handed out lie below Linux's ephemeral range (32768 and up by default), where the kernel picks the local
 * ports of outgoing connections: a port the OS chose for `listen(0)` and that was then let go could be taken by any
 * connection (to PostgreSQL, to Kafka, a benchmark's thousands of players) before the process meant to bind it did.
 * Above the usual servers' ports, below the test brokers' (29092 and 29192).
 */
const PORTS_FROM = 20_000;
const PORTS_TO = 29_000;
const TRIES = 50;

/** Ports this process handed out already: never the same one twice. */
const handedOut = new Set<number>();

/** A port nothing listens on now (on any address), for a server a test or a benchmark is about to start. */
export async function freePort(): Promise<number> {
  for (let i = 0; i < TRIES; i += 1) {
    const port = randomInt(PORTS_FROM, PORTS_TO);
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${PORTS_FROM} and ${PORTS_TO} after ${TRIES} tries`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}
