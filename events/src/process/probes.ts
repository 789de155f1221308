import { Kafka, logLevel, type Admin } from 'kafkajs';
import type { SqlExecutor } from '../sql/port.ts';

const PROBE_TIMEOUT_MS = 2_000;

/** Resolves false instead of hanging or throwing when `work` does not succeed within the time given. */
export async function within(work: () => Promise<unknown>, timeoutMs = PROBE_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      work().then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** True when the database answers a trivial query in time. */
export const databaseAnswers = (db: SqlExecutor, timeoutMs?: number) => within(() => db.query('select 1'), timeoutMs);

export interface KafkaProbe {
  /** True when the cluster answers a metadata request in time. */
  answers(): Promise<boolean>;
  close(): Promise<void>;
}

/** A long-lived admin connection for readiness checks (the Bus port has no health call of its own). */
export function createKafkaProbe(brokers: string): KafkaProbe {
  const kafka = new Kafka({
    clientId: 'qal-readiness',
    brokers: brokers.split(',').map((b) => b.trim()),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1_000,
    retry: { retries: 0 },
  });
  let admin: Admin | null = null;
  return {
    async answers() {
      return within(async () => {
        if (!admin) {
          const fresh = kafka.admin();
          await fresh.connect();
          admin = fresh;
        }
        try {
          await admin.describeCluster();
        } catch (error) {
          const stale = admin;
          admin = null;
          await stale.disconnect().catch(() => undefined);
          throw error;
        }
      });
    },
    async close() {
      await admin?.disconnect().catch(() => undefined);
      admin = null;
    },
  };
}
