import type { DeliveredMessage } from './port.ts';

/**
 * What one Kafka consumer has fetched and not finished, as per-key queues. kafkajs 2.2.4 fetches again only once
 * every batch of its last fetch is handled, so a consumer that handled its messages inside the fetch loop let one
 * slow message (a command waiting 10 s on a dead service) hold back every key of every partition it owns. Here
 * the fetch loop only hands messages over: each key of a partition has a queue of its own, handled one message at
 * a time in offset order, and the keys run side by side. So one key's messages stay in order (the bus contract)
 * and a slow key holds back nothing but itself.
 *
 * At-least-once is kept by what is committed: per partition, the lowest offset not finished yet (or, with none
 * left, the one after the last handed over). A message finished after a slower one with a lower offset is
 * committed only once that one is; after a crash both come again (handlers are idempotent).
 *
 * Partitions that the group takes away stop: their queued messages are dropped (the partition's next owner reads
 * them from the committed offset) and what is running finishes without committing. A message that comes back to
 * this member after a rejoin waits behind whatever of its key is still running here.
 */
export interface KeyedWorkOptions {
  /** Handles one message; true when it is done with (handled or dead-lettered), false when it gave up (stopping). */
  readonly run: (message: DeliveredMessage) => Promise<boolean>;
  /** A message finished: some partition's committable offset may have moved. */
  readonly onFinished: () => void;
  /** True once the consumer stops: queued messages are left for the next member. */
  readonly stopping: () => boolean;
  /** `run` threw (it should not): the message stays unfinished, so its partition commits nothing past it. */
  readonly onError: (error: unknown, message: DeliveredMessage) => void;
}

export interface CommitOffset {
  readonly topic: string;
  readonly partition: number;
  /** The next offset the group should read: Kafka's committed offset. */
  readonly offset: string;
}

interface PartitionWork {
  readonly topic: string;
  readonly partition: number;
  /** Offsets handed to a key's queue and not finished, in the order handed over (ascending). */
  readonly unfinished: bigint[];
  /** The offset after the last one handed over; null before the first. */
  next: bigint | null;
  /** What was last committed for this partition by this member. */
  committed: bigint | null;
  revoked: boolean;
}

const partitionKey = (topic: string, partition: number) => `${topic}\u0000${partition}`;

export function createKeyedWork(options: KeyedWorkOptions) {
  const partitions = new Map<string, PartitionWork>();
  /** The tail of each key's queue: `topic \0 partition \0 key`. */
  const queues = new Map<string, Promise<void>>();
  let queuedOrRunning = 0;
  let memberId: string | null = null;
  const belowWaiters = new Set<{ limit: number; resolve: () => void }>();

  const settled = () => {
    queuedOrRunning -= 1;
    for (const waiter of belowWaiters) {
      if (queuedOrRunning < waiter.limit) {
        belowWaiters.delete(waiter);
        waiter.resolve();
      }
    }
  };

  const finish = (work: PartitionWork, offset: bigint) => {
    const index = work.unfinished.indexOf(offset);
    if (index >= 0) work.unfinished.splice(index, 1);
    if (!work.revoked) options.onFinished();
  };

  return {
    /**
     * Hands a fetched message to its key's queue. False when this member has handed it over already (fetched
     * again after a rejoin that kept the partition here): it must not run twice side by side.
     */
    dispatch(message: DeliveredMessage): boolean {
      const key = partitionKey(message.topic, message.partition);
      let work = partitions.get(key);
      if (!work) {
        work = { topic: message.topic, partition: message.partition, unfinished: [], next: null, committed: null, revoked: false };
        partitions.set(key, work);
      }
      const offset = BigInt(message.offset);
      if (work.next !== null && offset < work.next) return false;
      work.next = offset + 1n;
      work.unfinished.push(offset);
      queuedOrRunning += 1;
      const queueKey = `${key}\u0000${message.key}`;
      const owner = work;
      const step = (queues.get(queueKey) ?? Promise.resolve()).then(async () => {
        try {
          if (owner.revoked || options.stopping()) return;
          if (await options.run(message)) finish(owner, offset);
        } catch (error) {
          options.onError(error, message);
        } finally {
          settled();
        }
      });
      queues.set(queueKey, step);
      void step.finally(() => {
        if (queues.get(queueKey) === step) queues.delete(queueKey);
      });
      return true;
    },

    /**
     * The group's new assignment for this member. A partition this member kept through a rejoin (same member id)
     * keeps its state; any other one starts afresh from the committed offset when it is fetched.
     */
    assigned(newMemberId: string, assignment: Readonly<Record<string, readonly number[]>>) {
      const same = memberId !== null && newMemberId === memberId;
      memberId = newMemberId;
      for (const [key, work] of partitions) {
        if (same && assignment[work.topic]?.includes(work.partition)) continue;
        work.revoked = true;
        partitions.delete(key);
      }
    },

    /** Per partition whose committable offset moved since its last commit: that offset. */
    committable(): CommitOffset[] {
      const out: CommitOffset[] = [];
      for (const work of partitions.values()) {
        const offset = work.unfinished[0] ?? work.next;
        if (offset !== null && offset !== work.committed)
          out.push({ topic: work.topic, partition: work.partition, offset: offset.toString() });
      }
      return out;
    },

    /** The broker took these offsets (ignored for a partition revoked meanwhile). */
    committed(offsets: readonly CommitOffset[]) {
      for (const { topic, partition, offset } of offsets) {
        const work = partitions.get(partitionKey(topic, partition));
        if (work) work.committed = BigInt(offset);
      }
    },

    /** Messages handed over and not settled yet (queued or running). */
    size: () => queuedOrRunning,

    /** Resolves once fewer than `limit` messages are queued or running, or after `timeoutMs`. */
    whenBelow(limit: number, timeoutMs: number): Promise<void> {
      if (queuedOrRunning < limit) return Promise.resolve();
      return new Promise((resolve) => {
        const waiter = {
          limit,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          belowWaiters.delete(waiter);
          resolve();
        }, timeoutMs);
        belowWaiters.add(waiter);
      });
    },

    /** Resolves once every queue has settled (after `stopping` turned true: what was running has ended). */
    async drain(): Promise<void> {
      while (queues.size > 0) await Promise.allSettled([...queues.values()]);
    },
  };
}

export type KeyedWork = ReturnType<typeof createKeyedWork>;
