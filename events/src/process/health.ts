import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A readiness check: true when the dependency it names is usable now. */
export type ReadinessChecks = Readonly<Record<string, () => Promise<boolean> | boolean>>;

export interface HealthServer {
  readonly port: number;
  /** From now on /ready answers 503 `stopping` (a load balancer stops sending work). */
  markStopping(): void;
  close(): Promise<void>;
}

/**
 * `/health`: the process is alive (200). `/ready`: every check passes (200), else 503 with each check's result,
 * so an orchestrator or `npm run start:distributed` knows when to send work and what is missing.
 */
export async function startHealthServer(options: {
  service: string;
  port: number;
  host?: string;
  /** Read at every request, so checks added once the service has started show up. */
  checks: ReadinessChecks | (() => ReadinessChecks);
}): Promise<HealthServer> {
  let stopping = false;
  const started = Date.now();
  const server = createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, { status: 'method_not_allowed' });
    if (path === '/health')
      return send(200, { status: 'ok', service: options.service, uptimeSec: Math.round((Date.now() - started) / 1000) });
    if (path !== '/ready') return send(404, { status: 'not_found' });
    if (stopping) return send(503, { status: 'stopping', service: options.service });
    void Promise.all(
      Object.entries(typeof options.checks === 'function' ? options.checks() : options.checks).map(
        async ([name, check]) =>
          [
            name,
            await Promise.resolve()
              .then(check)
              .catch(() => false),
          ] as const,
      ),
    ).then((results) => {
      const checks = Object.fromEntries(results);
      const ready = results.every(([, ok]) => ok);
      send(ready ? 200 : 503, { status: ready ? 'ready' : 'not_ready', service: options.service, checks });
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    markStopping() {
      stopping = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
