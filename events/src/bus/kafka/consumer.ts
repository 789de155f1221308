import type { Consumer as KafkaConsumer, EachBatchPayload, Kafka } from 'kafkajs';
import { createKeyedWork } from '../keyed-work.ts';
import type { BusMessage, Consumer, ConsumerOptions } from '../port.ts';
import { createOffsetCommits } from './commits.ts';
import { createDelivery } from './delivery.ts';
import { toDelivered } from './messages.ts';
import { backoffMs, type BusLogger, type KafkaBusSettings } from './options.ts';
import type { KafkaTopics } from './topics.ts';

export interface ConsumerDeps {
  readonly kafka: Kafka;
  readonly settings: KafkaBusSettings;
  readonly topics: Pick<KafkaTopics, 'endOffsets'>;
  /** Sends dead letters. */
  readonly send: (topic: string, messages: readonly BusMessage[]) => Promise<void>;
  readonly logger: BusLogger;
}

/**
 * One consumer group member's loop: fetched batches go to per-key queues (keyed-work.ts) that deliver each message
 * (delivery.ts: retries, then the dead-letter topic), finished offsets are committed (commits.ts), and a member
 * that kafkajs gives up on is started again. Resolves once the member has joined the group and has its partitions.
 */
export async function startConsumer(options: ConsumerOptions, { kafka, settings, topics, send, logger }: ConsumerDeps): Promise<Consumer> {
  const newConsumer = (): KafkaConsumer =>
    kafka.consumer({
      groupId: options.groupId,
      maxWaitTimeInMs: settings.maxWaitTimeMs,
      sessionTimeout: settings.sessionTimeoutMs,
      heartbeatInterval: settings.heartbeatIntervalMs,
      rebalanceTimeout: settings.rebalanceTimeoutMs,
    });
  let consumer = newConsumer();
  let stopping = false;

  // fromLatest: where each partition ends now. kafkajs would resolve "latest" only at its first fetch, which can
  // come after consume() returned and something was published; seeking to these ends cannot miss that message.
  // Kept until a partition delivers: a consumer that crashes and restarts before its first fetch seeks again.
  const ends = options.fromLatest ? await topics.endOffsets(options.topics) : [];
  const pendingSeeks = new Map(ends.map((end) => [`${end.topic}/${end.partition}`, end]));
  let running = false;
  const seekPending = (target: KafkaConsumer) => {
    for (const end of pendingSeeks.values()) target.seek(end);
  };

  const delivery = createDelivery({
    groupId: options.groupId,
    handle: options.handle,
    maxAttempts: Math.max(1, options.maxAttempts ?? settings.maxAttempts),
    retryBackoff: settings.retryBackoff,
    send,
    logger,
    stopping: () => stopping,
  });

  const commits = createOffsetCommits({
    groupId: options.groupId,
    work: { committable: () => work.committable(), committed: (offsets) => work.committed(offsets) },
    settings,
    stopping: () => stopping,
    logger,
  });

  const work = createKeyedWork({
    run: delivery.deliver,
    onFinished: commits.commitSoon,
    stopping: () => stopping,
    onError: (error, message) =>
      logger.error(
        { topic: message.topic, partition: message.partition, offset: message.offset, error: String(error) },
        'message handling failed unexpectedly; its partition commits nothing past it',
      ),
  });

  const eachBatch = async ({ batch, resolveOffset, heartbeat, isRunning, isStale }: EachBatchPayload) => {
    for (const raw of batch.messages) {
      if (stopping || !isRunning() || isStale()) return;
      pendingSeeks.delete(`${batch.topic}/${batch.partition}`);
      work.dispatch(toDelivered(batch.topic, batch.partition, raw));
      // The fetch position moves on at once: the message is queued behind its key. What the group commits is the
      // keyed work's to say (autoCommit is off): nothing past a message that is not finished.
      resolveOffset(raw.offset);
    }
    // A full buffer holds the fetch loop back until it drains, still heartbeating.
    while (work.size() >= settings.maxUnfinishedMessages && !stopping && isRunning()) {
      await work.whenBelow(settings.maxUnfinishedMessages, settings.heartbeatIntervalMs);
      await heartbeat();
    }
    await heartbeat();
  };

  // kafkajs restarts a consumer after a retriable crash only; after others (a broker that was away answers
  // "Failed to find group coordinator" for a moment) it stays stopped. A service must not lose its consumer to
  // a broker restart, so such a consumer is started again, as a new member, with backoff, until stop().
  let relaunchTimer: NodeJS.Timeout | undefined;
  let relaunching: Promise<void> | null = null;
  let relaunches = 0;
  const scheduleRelaunch = () => {
    if (stopping || relaunchTimer || relaunching) return;
    relaunchTimer = setTimeout(
      () => {
        relaunchTimer = undefined;
        if (stopping) return;
        relaunching = (async () => {
          const fresh = newConsumer();
          attach(fresh);
          try {
            await launch(fresh);
          } catch (error) {
            logger.warn({ groupId: options.groupId, error: String(error) }, 'consumer could not start again yet; retrying');
            relaunching = null;
            scheduleRelaunch();
            return;
          }
          relaunching = null;
          if (stopping) {
            await fresh.disconnect().catch(() => undefined);
            return;
          }
          consumer = fresh;
          relaunches = 0;
          logger.warn({ groupId: options.groupId }, 'consumer started again after it had stopped');
        })();
      },
      backoffMs(settings.brokerRetry, relaunches++),
    );
  };

  const attach = (target: KafkaConsumer) => {
    target.on(target.events.CRASH, ({ payload }) => {
      const details = { groupId: options.groupId, error: String(payload.error) };
      if (payload.restart) {
        logger.warn(details, 'consumer crashed; kafkajs restarts it');
      } else if (!stopping) {
        logger.error(details, 'consumer crashed and stopped; starting it again');
        scheduleRelaunch();
      }
    });
    target.on(target.events.GROUP_JOIN, ({ payload }) => {
      commits.joined(target);
      work.assigned(payload.memberId, payload.memberAssignment);
      void commits.commit();
      if (!running) return;
      try {
        seekPending(target);
      } catch (error) {
        logger.warn({ groupId: options.groupId, error: String(error) }, 'fromLatest: could not seek again after a rejoin');
      }
    });
  };

  const launch = async (target: KafkaConsumer) => {
    await target.connect();
    try {
      await target.subscribe({ topics: [...options.topics], fromBeginning: !options.fromLatest });
      // run() resolves once the consumer has joined the group and has its partitions
      await target.run({
        // offsets are committed by `commits` (commits.ts): only what is finished, also when stopping
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: settings.partitionsConsumedConcurrently,
        eachBatch,
      });
    } catch (error) {
      await target.disconnect().catch(() => undefined);
      throw error;
    }
  };

  attach(consumer);
  await launch(consumer);
  // applied (and committed) at the next fetch of each partition this member owns
  running = true;
  seekPending(consumer);

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        stopping = true;
        clearTimeout(relaunchTimer);
        commits.cancelTimers();
        delivery.endBackoffs();
        await relaunching;
        // what is running ends (a retry's backoff is cut short, queued messages are left), then what finished is
        // committed while this is still a member, and only then does it leave the group
        await work.drain();
        await commits.commitLast();
        await consumer.disconnect();
      })();
      return stopped;
    },
  };
}
