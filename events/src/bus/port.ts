/**
 * The message bus between services. In-process in the embedded mode, Kafka in the distributed one; both pass
 * one contract suite. Delivery is at-least-once and ordered per key within a topic, so consumers must be
 * idempotent (they are: they dedupe by event id, command id or transfer id).
 */
export interface BusMessage {
  /** Aggregate id: messages with one key are delivered in the order they were published. */
  readonly key: string;
  readonly value: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface DeliveredMessage extends BusMessage {
  readonly topic: string;
  readonly partition: number;
  readonly offset: string;
}

export interface ConsumerOptions {
  /** Consumers with one group id share a topic's messages; each group gets every message. */
  readonly groupId: string;
  readonly topics: readonly string[];
  /** A throw redelivers the message after a backoff; after `maxAttempts` it goes to `<topic>.DLT`. */
  readonly handle: (message: DeliveredMessage) => Promise<void>;
  readonly maxAttempts?: number;
  /** Start from the newest messages instead of the oldest uncommitted ones (reply listeners). */
  readonly fromLatest?: boolean;
}

export interface Consumer {
  stop(): Promise<void>;
}

export interface Bus {
  /** Creates topics, and each one's `<topic>.DLT`, up front (Kafka does not create them on use here). */
  ensureTopics(topics: readonly string[]): Promise<void>;
  publish(topic: string, messages: readonly BusMessage[]): Promise<void>;
  /**
   * Resolves once the consumer has joined its group and holds its partitions, so every message published after
   * that reaches the group (with `fromLatest` too). Topics must exist (`ensureTopics`).
   */
  consume(options: ConsumerOptions): Promise<Consumer>;
  close(): Promise<void>;
}

export const deadLetterTopic = (topic: string) => `${topic}.DLT`;

/** Headers a dead-lettered message carries besides its own (names follow Spring Kafka's DLT convention). */
export const DLT_HEADERS = {
  originalTopic: 'dlt-original-topic',
  originalPartition: 'dlt-original-partition',
  originalOffset: 'dlt-original-offset',
  originalGroup: 'dlt-original-consumer-group',
  attempts: 'dlt-attempts',
  error: 'dlt-exception-message',
} as const;

/** The message as it goes to `<topic>.DLT`: the original, plus where it came from and why it gave up. */
export function deadLettered(message: DeliveredMessage, groupId: string, attempts: number, error: unknown): BusMessage {
  return {
    key: message.key,
    value: message.value,
    headers: {
      ...message.headers,
      [DLT_HEADERS.originalTopic]: message.topic,
      [DLT_HEADERS.originalPartition]: String(message.partition),
      [DLT_HEADERS.originalOffset]: message.offset,
      [DLT_HEADERS.originalGroup]: groupId,
      [DLT_HEADERS.attempts]: String(attempts),
      [DLT_HEADERS.error]: error instanceof Error ? error.message : String(error),
    },
  };
}
