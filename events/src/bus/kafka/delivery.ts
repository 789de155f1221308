import { deadLettered, deadLetterTopic } from '../port.ts';
import type { BusMessage, DeliveredMessage } from '../port.ts';
import { backoffMs, type BusLogger, type KafkaBusSettings } from './options.ts';

export interface DeliveryOptions {
  readonly groupId: string;
  readonly handle: (message: DeliveredMessage) => Promise<void>;
  /** Attempts at one message before it is dead-lettered (at least 1). */
  readonly maxAttempts: number;
  readonly retryBackoff: KafkaBusSettings['retryBackoff'];
  readonly send: (topic: string, messages: readonly BusMessage[]) => Promise<void>;
  readonly logger: BusLogger;
  /** True once the consumer stops: a message whose backoff ends then gives up. */
  readonly stopping: () => boolean;
}

export interface Delivery {
  /** Handles one message: retries with backoff, then dead-letters. False when stopped before it was done. */
  deliver(message: DeliveredMessage): Promise<boolean>;
  /** The consumer stops: each backoff under way ends at once (and its message gives up). */
  endBackoffs(): void;
}

/** One consumer's handling of a message: the handler, its retries, and `<topic>.DLT` for what keeps failing. */
export function createDelivery(options: DeliveryOptions): Delivery {
  const { groupId, handle, maxAttempts, retryBackoff, send, logger, stopping } = options;
  const wakeSleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeSleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakeSleepers.add(done);
    });

  const deliver = async (message: DeliveredMessage): Promise<boolean> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await handle(message);
        return true;
      } catch (error) {
        if (attempt >= maxAttempts) return deadLetter(message, attempt, error);
        await sleep(backoffMs(retryBackoff, attempt - 1));
        if (stopping()) return false;
      }
    }
  };

  /** Sends a message that kept failing to `<topic>.DLT`, until the broker takes it. False when stopped first. */
  const deadLetter = async (message: DeliveredMessage, attempts: number, error: unknown): Promise<boolean> => {
    for (let tries = 0; ; tries += 1) {
      try {
        await send(deadLetterTopic(message.topic), [deadLettered(message, groupId, attempts, error)]);
        logger.warn(
          { topic: message.topic, partition: message.partition, offset: message.offset, attempts, error: String(error) },
          'message dead-lettered',
        );
        return true;
      } catch (sendError) {
        logger.warn(
          { topic: message.topic, offset: message.offset, error: String(sendError) },
          'could not dead-letter a message yet; retrying',
        );
        await sleep(backoffMs(retryBackoff, tries));
        if (stopping()) return false;
      }
    }
  };

  return {
    deliver,
    endBackoffs() {
      for (const wake of [...wakeSleepers]) wake();
    },
  };
}
