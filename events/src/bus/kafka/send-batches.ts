/**
 * Sends that arrive while earlier ones are with the broker go together, in one produce request (group commit for
 * the bus): a command, its answer and the relay's events each cost the broker and this process one request and one
 * write per batch instead of one each, and nobody waits when the broker is idle (a lone send goes at once). Sends go
 * in the order they were asked for, so one key's messages keep their order. Each caller learns how its own send
 * went: a batch that fails fails every send in it, as that send alone would have.
 */
import type { BusMessage } from '../port.ts';

/** What one send asks for: messages to one topic. */
export interface TopicSend {
  readonly topic: string;
  readonly messages: readonly BusMessage[];
}

/**
 * A batch stops growing at this many bytes of keys and values (a send larger than that goes alone): the broker
 * refuses a partition's batch of more than its `message.max.bytes` (1 MB by default).
 */
export const SEND_BATCH_MAX_BYTES = 256 * 1024;

interface Waiting extends TopicSend {
  readonly bytes: number;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

const bytesOf = (messages: readonly BusMessage[]) =>
  messages.reduce((sum, m) => sum + Buffer.byteLength(m.key) + Buffer.byteLength(m.value), 0);

/** `sendBatch` sends every send of a batch in one request; at most `maxInFlight` batches are with the broker at once. */
export function batchedSends(sendBatch: (batch: readonly TopicSend[]) => Promise<void>, maxInFlight: number) {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  function take(): Waiting[] {
    const batch = [waiting.shift()!];
    let bytes = batch[0]!.bytes;
    while (waiting.length > 0 && bytes + waiting[0]!.bytes <= SEND_BATCH_MAX_BYTES) {
      const next = waiting.shift()!;
      bytes += next.bytes;
      batch.push(next);
    }
    return batch;
  }

  function pump() {
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = take();
      inFlight++;
      // (An async call: a sendBatch that throws at once fails its batch like one that rejects.)
      (async () => sendBatch(batch.map(({ topic, messages }) => ({ topic, messages }))))()
        .then(
          () => batch.forEach((send) => send.resolve()),
          (error: unknown) => batch.forEach((send) => send.reject(error)),
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  }

  return (topic: string, messages: readonly BusMessage[]): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ topic, messages, bytes: bytesOf(messages), resolve, reject });
      pump();
    });
}
