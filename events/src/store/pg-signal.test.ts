import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, findTestPostgres } from '../testing/postgres.ts';
import { newUuid } from '../uuid.ts';
import { listenForAppends } from './pg-signal.ts';
import type { EventStore } from './port.ts';
import { createSqlEventStore } from './sql.ts';

const serverUrl = await findTestPostgres();

describe.skipIf(!serverUrl)('append signal over LISTEN/NOTIFY', { timeout: 30_000 }, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  const closers: (() => Promise<void>)[] = [];
  const open = async (): Promise<EventStore> => {
    const signal = await listenForAppends(scratch.url);
    const store = await createSqlEventStore(scratch.db, { signal });
    closers.push(
      () => store.close(),
      () => signal.close(),
    );
    return store;
  };

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl!);
  });
  afterAll(async () => {
    for (const close of closers) await close();
    await scratch?.drop();
  });

  it('wakes a subscriber of another process at once, not at its next poll', async () => {
    const [writer, reader] = [await open(), await open()];
    const streamId = `signal-${newUuid()}`;
    let arrived!: () => void;
    const delivered = new Promise<void>((resolve) => (arrived = resolve));
    const subscription = reader.subscribe({
      subscriber: 'signal-test',
      pollIntervalMs: 600_000, // only the signal can wake it within the test's time
      handle: async (events) => {
        if (events.some((e) => e.streamId === streamId)) arrived();
      },
    });
    try {
      // Let the subscriber read the (empty) history and go to sleep before appending.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await writer.append([
        { streamId, streamType: 'x', expectedVersion: 'no_stream', events: [{ eventId: newUuid(), type: 'E', data: {} }] },
      ]);
      const notDelivered = new Promise((resolve) => setTimeout(() => resolve('not delivered'), 10_000));
      expect(await Promise.race([delivered, notDelivered])).toBeUndefined();
    } finally {
      await subscription.stop();
    }
  });

  it('paces a burst: another process is woken at most once per interval, and once more after the burst ends', async () => {
    const intervalMs = 50;
    const [sender, receiver] = [await listenForAppends(scratch.url, { intervalMs }), await listenForAppends(scratch.url, { intervalMs })];
    closers.push(
      () => sender.close(),
      () => receiver.close(),
    );
    const wakes: number[] = [];
    receiver.onAppend(() => wakes.push(performance.now()));
    const started = performance.now();
    let lastNotify = started;
    for (let i = 0; i < 100; i += 1) {
      sender.notify(['Moved']);
      lastNotify = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    while (!wakes.some((at) => at >= lastNotify) && performance.now() < lastNotify + 10_000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(wakes.at(-1)).toBeGreaterThanOrEqual(lastNotify);
    // One wake-up at the start of the burst, then at most one per interval (less a ms for the clock reads between).
    const spacing = intervalMs - 1;
    expect(wakes.length).toBeLessThanOrEqual(Math.floor((wakes.at(-1)! - started) / spacing) + 1);
    for (let i = 1; i < wakes.length; i += 1) expect(wakes[i]! - wakes[i - 1]!).toBeGreaterThanOrEqual(spacing);
  });

  it('tells other processes the types appended: a subscriber woken only for some finds the others with them', async () => {
    const [writer, reader] = [await open(), await open()];
    const [warmUp, streamId] = [`signal-${newUuid()}`, `signal-${newUuid()}`];
    const handled: string[][] = [];
    let live = false;
    const subscription = reader.subscribe({
      subscriber: 'typed-wake-test',
      pollIntervalMs: 600_000, // only the signal can wake it within the test's time
      wakesFor: (type) => type === 'Wanted',
      handle: async (events) => {
        if (events.some((e) => e.streamId === warmUp)) live = true;
        const mine = events.filter((e) => e.streamId === streamId).map((e) => e.type);
        if (mine.length > 0) handled.push(mine);
      },
    });
    const append = (stream: string, type: string, expectedVersion: 'no_stream' | number) =>
      writer.append([{ streamId: stream, streamType: 'x', expectedVersion, events: [{ eventId: newUuid(), type, data: {} }] }]);
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 500 && !done(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    try {
      // Once it has handled an event it was woken for, it is following the log.
      await append(warmUp, 'Wanted', 'no_stream');
      await until(() => live);
      await append(streamId, 'Unwanted', 'no_stream');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(handled).toEqual([]);
      await append(streamId, 'Wanted', 1);
      await until(() => handled.length > 0);
      expect(handled).toEqual([['Unwanted', 'Wanted']]);
    } finally {
      await subscription.stop();
    }
  });
});
