import { describe, expect, it } from 'vitest';
import { createKeyedWork } from './keyed-work.ts';
import type { DeliveredMessage } from './port.ts';

/** A handler whose calls wait until the test lets each one finish. */
function gatedHandler() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  return {
    started,
    run: (message: DeliveredMessage) =>
      new Promise<boolean>((resolve) => {
        started.push(message.value);
        gates.set(message.value, () => resolve(true));
      }),
    finish(value: string) {
      const open = gates.get(value);
      if (!open) throw new Error(`${value} has not started`);
      gates.delete(value);
      open();
    },
  };
}

const message = (offset: number, key: string, value = `${key}@${offset}`, partition = 0): DeliveredMessage => ({
  topic: 't',
  partition,
  offset: String(offset),
  key,
  value,
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function keyedWork(handler: ReturnType<typeof gatedHandler>, stopping = () => false) {
  const work = createKeyedWork({
    run: handler.run,
    onFinished: () => undefined,
    stopping,
    onError: (error) => {
      throw error;
    },
  });
  work.assigned('member-1', { t: [0, 1] });
  return work;
}

describe('keyed work (what a Kafka consumer fetched and has not finished)', () => {
  it('runs one key at a time in offset order while other keys of the same partition go on', async () => {
    const handler = gatedHandler();
    const work = keyedWork(handler);
    work.dispatch(message(0, 'slow'));
    work.dispatch(message(1, 'slow'));
    work.dispatch(message(2, 'other'));
    work.dispatch(message(3, 'other'));
    await settle();
    expect(handler.started).toEqual(['slow@0', 'other@2']);
    handler.finish('other@2');
    await settle();
    expect(handler.started).toEqual(['slow@0', 'other@2', 'other@3']);
    handler.finish('slow@0');
    await settle();
    expect(handler.started.at(-1)).toBe('slow@1');
  });

  it('commits each partition up to its lowest unfinished offset only', async () => {
    const handler = gatedHandler();
    const work = keyedWork(handler);
    for (const [offset, key] of [
      [0, 'a'],
      [1, 'b'],
      [2, 'c'],
    ] as const)
      work.dispatch(message(offset, key));
    work.dispatch(message(0, 'a', 'p1', 1));
    await settle();
    handler.finish('b@1');
    handler.finish('c@2');
    handler.finish('p1');
    await settle();
    // partition 0 still has offset 0 running: nothing after it may be committed; partition 1 is done
    expect(work.committable()).toEqual([
      { topic: 't', partition: 0, offset: '0' },
      { topic: 't', partition: 1, offset: '1' },
    ]);
    work.committed(work.committable());
    expect(work.committable()).toEqual([]);
    handler.finish('a@0');
    await settle();
    expect(work.committable()).toEqual([{ topic: 't', partition: 0, offset: '3' }]);
  });

  it('does not run a message twice when a rejoin that kept the partition fetches it again', async () => {
    const handler = gatedHandler();
    const work = keyedWork(handler);
    work.dispatch(message(0, 'a'));
    work.assigned('member-1', { t: [0] });
    expect(work.dispatch(message(0, 'a'))).toBe(false);
    expect(work.dispatch(message(1, 'a'))).toBe(true);
    await settle();
    expect(handler.started).toEqual(['a@0']);
  });

  it('drops the queued messages of a partition taken away, and runs its messages again behind what still runs of their key', async () => {
    const handler = gatedHandler();
    const work = keyedWork(handler);
    work.dispatch(message(0, 'a'));
    work.dispatch(message(1, 'a'));
    await settle();
    // a new member id: the group may have given the partition to someone else in between
    work.assigned('member-2', { t: [0] });
    expect(work.committable()).toEqual([]);
    expect(work.dispatch(message(0, 'a'))).toBe(true);
    handler.finish('a@0');
    await settle();
    // the old queue's a@1 was dropped; the fetched-again a@0 ran after the old a@0 ended
    expect(handler.started).toEqual(['a@0', 'a@0']);
    handler.finish('a@0');
    await settle();
    expect(work.committable()).toEqual([{ topic: 't', partition: 0, offset: '1' }]);
    expect(work.size()).toBe(0);
  });

  it('leaves queued messages when stopping and drains what runs', async () => {
    let stopping = false;
    const handler = gatedHandler();
    const work = keyedWork(handler, () => stopping);
    work.dispatch(message(0, 'a'));
    work.dispatch(message(1, 'a'));
    await settle();
    stopping = true;
    const drained = work.drain();
    handler.finish('a@0');
    await drained;
    expect(handler.started).toEqual(['a@0']);
    expect(work.committable()).toEqual([{ topic: 't', partition: 0, offset: '1' }]);
  });

  it('says when fewer messages than a limit are queued or running', async () => {
    const handler = gatedHandler();
    const work = keyedWork(handler);
    work.dispatch(message(0, 'a'));
    work.dispatch(message(1, 'b'));
    let below = false;
    void work.whenBelow(2, 60_000).then(() => (below = true));
    await settle();
    expect(below).toBe(false);
    handler.finish('a@0');
    await settle();
    expect(below).toBe(true);
  });
});
