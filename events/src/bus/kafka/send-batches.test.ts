import { describe, expect, it } from 'vitest';
import { batchedSends, SEND_BATCH_MAX_BYTES, type TopicSend } from './send-batches.ts';

const message = (key: string, value = 'v') => ({ key, value });

/** A broker that holds each request until the test lets it answer. */
function heldBroker() {
  const requests: { batch: readonly TopicSend[]; answer: (error?: Error) => void }[] = [];
  const sendBatch = (batch: readonly TopicSend[]) =>
    new Promise<void>((resolve, reject) => requests.push({ batch, answer: (error) => (error ? reject(error) : resolve()) }));
  return { requests, sendBatch };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sends to the broker in batches', () => {
  it('sends a lone message at once, and the ones that come while it is with the broker together, in order', async () => {
    const broker = heldBroker();
    const send = batchedSends(broker.sendBatch, 1);
    const first = send('commands', [message('a')]);
    expect(broker.requests).toHaveLength(1);
    const later = [send('replies', [message('b')]), send('commands', [message('a', 'second')]), send('replies', [message('c')])];
    expect(broker.requests).toHaveLength(1);
    broker.requests[0]!.answer();
    await first;
    await settle();
    expect(broker.requests).toHaveLength(2);
    expect(broker.requests[1]!.batch).toEqual([
      { topic: 'replies', messages: [message('b')] },
      { topic: 'commands', messages: [message('a', 'second')] },
      { topic: 'replies', messages: [message('c')] },
    ]);
    broker.requests[1]!.answer();
    await Promise.all(later);
  });

  it('fails every send of a batch the broker refused, and only those', async () => {
    const broker = heldBroker();
    const send = batchedSends(broker.sendBatch, 1);
    const first = send('t', [message('a')]);
    const refused = [send('t', [message('b')]), send('t', [message('c')])];
    broker.requests[0]!.answer();
    await first;
    await settle();
    broker.requests[1]!.answer(new Error('not enough replicas'));
    for (const r of refused) await expect(r).rejects.toThrow('not enough replicas');
    const next = send('t', [message('d')]);
    broker.requests[2]!.answer();
    await expect(next).resolves.toBeUndefined();
  });

  it('keeps a batch under its size limit: a large send goes alone', async () => {
    const broker = heldBroker();
    const send = batchedSends(broker.sendBatch, 1);
    const big = 'x'.repeat(SEND_BATCH_MAX_BYTES);
    const sends = [send('t', [message('a')]), send('t', [message('b', big)]), send('t', [message('c')]), send('t', [message('d')])];
    for (let i = 0; i < 3; i++) {
      await settle();
      broker.requests[i]!.answer();
    }
    await Promise.all(sends);
    expect(broker.requests.map((r) => r.batch.map((s) => s.messages[0]!.key))).toEqual([['a'], ['b'], ['c', 'd']]);
  });
});
