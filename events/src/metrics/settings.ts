import { z } from 'zod';
import { ServiceConfigError } from '../process/service.ts';

/** METRICS_PORT: a port number; 0 picks a free one (tests read it back from the listener). */
export const MetricsPort = z.coerce
  .number({ error: 'must be a port number' })
  .int('must be a port number')
  .min(0, 'must be a port number')
  .max(65535, 'must be a port number');

/** A service process's METRICS_PORT, or its default; a bad value is one clear line, as for its other variables. */
export function loadMetricsPort(env: Readonly<Record<string, string | undefined>>, defaultPort: number): number {
  const raw = env.METRICS_PORT;
  const parsed = MetricsPort.default(defaultPort).safeParse(raw === undefined || raw.trim() === '' ? undefined : raw);
  if (parsed.success) return parsed.data;
  throw new ServiceConfigError(parsed.error.issues.map((issue) => `METRICS_PORT: ${issue.message} (got ${JSON.stringify(raw)})`));
}
