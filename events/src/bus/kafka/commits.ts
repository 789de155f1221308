import type { Consumer as KafkaConsumer } from 'kafkajs';
import type { KeyedWork } from '../keyed-work.ts';
import type { BusLogger, KafkaBusSettings } from './options.ts';

/** How long the last commit of a stopping consumer may take (a broker that is away would hold it for kafkajs's retries). */
const FINAL_COMMIT_WAIT_MS = 5_000;

export interface OffsetCommitsOptions {
  readonly groupId: string;
  /** What is committable: each partition's lowest unfinished offset (keyed-work.ts). */
  readonly work: Pick<KeyedWork, 'committable' | 'committed'>;
  readonly settings: Pick<KafkaBusSettings, 'commitIntervalMs' | 'retryBackoff'>;
  readonly stopping: () => boolean;
  readonly logger: BusLogger;
}

export interface OffsetCommits {
  /** A member joined the group: commits go through it from now on (the keyed work follows its assignment). */
  joined(member: KafkaConsumer): void;
  /** Commits each partition's lowest unfinished offset; one commit at a time, the next one right after. */
  commit(): Promise<void>;
  /** A message finished: commit with whatever else finishes within the interval. */
  commitSoon(): void;
  /** The consumer stops: no more timed commits or retries. */
  cancelTimers(): void;
  /** Waits for the commit under way, then commits what finished once more (for at most FINAL_COMMIT_WAIT_MS). */
  commitLast(): Promise<void>;
}

/**
 * The consumer's offset commits (autoCommit is off): only what the keyed work has finished, batched over
 * `commitIntervalMs`, through the member that owns the partitions, retried after a rebalance or a broker away.
 */
export function createOffsetCommits({ groupId, work, settings, stopping, logger }: OffsetCommitsOptions): OffsetCommits {
  // The member whose assignment the keyed work follows: commits go through it.
  let member: KafkaConsumer | null = null;
  let committing: Promise<void> | null = null;
  let commitAgain = false;
  let commitRetry: NodeJS.Timeout | undefined;
  const commit = (): Promise<void> => {
    if (committing) {
      commitAgain = true;
      return committing;
    }
    committing = (async () => {
      do {
        commitAgain = false;
        const offsets = work.committable();
        if (offsets.length === 0 || !member) return;
        try {
          await member.commitOffsets(offsets.map((o) => ({ ...o })));
          work.committed(offsets);
        } catch (error) {
          // a rebalance or a broker away: try again a little later (a rejoin commits again too)
          if (!stopping()) logger.warn({ groupId, error: String(error) }, 'could not commit offsets yet; retrying');
          clearTimeout(commitRetry);
          if (!stopping()) commitRetry = setTimeout(() => void commit(), settings.retryBackoff.maxMs);
          return;
        }
      } while (commitAgain);
    })().finally(() => {
      committing = null;
    });
    return committing;
  };

  let commitTimer: NodeJS.Timeout | undefined;
  return {
    joined(joinedMember) {
      member = joinedMember;
    },
    commit,
    commitSoon() {
      if (settings.commitIntervalMs <= 0) return void commit();
      commitTimer ??= setTimeout(() => {
        commitTimer = undefined;
        void commit();
      }, settings.commitIntervalMs);
    },
    cancelTimers() {
      clearTimeout(commitRetry);
      clearTimeout(commitTimer);
    },
    async commitLast() {
      await committing;
      await Promise.race([commit().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FINAL_COMMIT_WAIT_MS).unref())]);
    },
  };
}
