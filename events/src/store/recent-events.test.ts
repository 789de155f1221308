import { describe, expect, it } from 'vitest';
import { START, type StoredEvent } from './port.ts';
import { createRecentEvents, estimateEventBytes } from './recent-events.ts';

let next = 0n;
const stored = (streamId: string, streamPosition: number, data: StoredEvent['data'] = {}): StoredEvent => {
  next += 1n;
  return {
    streamId,
    streamPosition,
    transactionId: next,
    globalPosition: next,
    eventId: `e${next}`,
    type: 'E',
    schemaVersion: 1,
    data,
    metadata: {},
    recordedAt: new Date(0),
  };
};
const at = (e: StoredEvent) => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });

describe('recent events of the only writer', () => {
  it('answers a stream it saw created, and asks the database for one it never saw', () => {
    const recent = createRecentEvents(START);
    const [a1, a2] = [stored('a', 1), stored('a', 2)];
    recent.appended([a1, a2], { a: 2 });
    expect(recent.streamAfter('a', 0)).toEqual([a1, a2]);
    expect(recent.streamAfter('a', 1)).toEqual([a2]);
    expect(recent.streamAfter('a', 2)).toEqual([]);
    expect(recent.version('a')).toBe(2);
    expect(recent.streamAfter('b', 0)).toBeUndefined();
    expect(recent.version('b')).toBeUndefined();
  });

  it('keeps only the last events of a long stream and asks for older ones', () => {
    const recent = createRecentEvents(START);
    const events = Array.from({ length: 40 }, (_, i) => stored('long', i + 1));
    for (const e of events) recent.appended([e], { long: e.streamPosition });
    expect(recent.streamAfter('long', 39)).toEqual([events[39]]);
    expect(recent.streamAfter('long', 24)).toEqual(events.slice(24));
    expect(recent.streamAfter('long', 3)).toBeUndefined();
  });

  it('knows only the version of a stream appended to after events it never read', () => {
    const recent = createRecentEvents(START);
    const e = stored('old', 7);
    recent.appended([e], { old: 7 });
    expect(recent.streamAfter('old', 6)).toEqual([e]);
    expect(recent.streamAfter('old', 5)).toBeUndefined();
    recent.readToEnd('old', 0, [stored('old', 1)]);
    expect(recent.version('old')).toBe(1);
  });

  it('remembers a stream that does not exist after reading it empty from the start', () => {
    const recent = createRecentEvents(START);
    recent.readToEnd('none', 0, []);
    expect(recent.streamAfter('none', 0)).toEqual([]);
    expect(recent.version('none')).toBeNull();
    recent.forget('none');
    expect(recent.version('none')).toBeUndefined();
  });

  it('serves $all after a position it holds, and not from before its start or after it dropped events', () => {
    const before = stored('x', 1);
    // At most 3 kept, cut back once it holds 5: after five appends the last three remain.
    const recent = createRecentEvents(at(before), { logEvents: 3 });
    const log = [stored('y', 1), stored('y', 2), stored('z', 1), stored('z', 2), stored('z', 3)];
    for (const e of log.slice(0, 4)) recent.appended([e], { [e.streamId]: e.streamPosition });
    expect(recent.allAfter(at(before), 10)).toEqual(log.slice(0, 4));
    recent.appended([log[4]!], { z: 3 });
    expect(recent.allAfter(at(log[1]!), 10)).toEqual(log.slice(2));
    expect(recent.allAfter(at(log[2]!), 2)).toEqual(log.slice(3, 5));
    expect(recent.allAfter(at(log[0]!), 10)).toBeUndefined();
    expect(recent.allAfter(at(before), 10)).toBeUndefined();
    expect(recent.allAfter(START, 10)).toBeUndefined();
    expect(recent.head()).toEqual(at(log[4]!));
  });

  it('stops trusting its log when a commit arrives out of order', () => {
    const recent = createRecentEvents(START);
    const [first, second] = [stored('a', 1), stored('b', 1)];
    recent.appended([second], { b: 1 });
    recent.appended([first], { a: 1 });
    expect(recent.allAfter(START, 10)).toBeUndefined();
    expect(recent.head()).toBeUndefined();
  });

  describe('bounded by the weight of what it holds', () => {
    /** A card game's deal: a deck's worth of cards in each of four hands (over 2 KB of JSON). */
    const deal = (streamId: string, streamPosition: number) =>
      stored(streamId, streamPosition, {
        hands: Array.from({ length: 4 }, (_, seat) => Array.from({ length: 52 }, (_, card) => `${seat}-${card}-♠♥♦♣`)),
      });
    const limits = { logBytes: 40_000, streamsBytes: 60_000 };

    it('stays under its bounds while large events keep coming, and forgets the streams used longest ago', () => {
      const recent = createRecentEvents(START, limits);
      const games = Array.from({ length: 30 }, (_, i) => `crazy-${i}`);
      const dealt = games.map((game) => deal(game, 1));
      expect(estimateEventBytes(dealt[0]!)).toBeGreaterThan(2_000);
      for (const event of dealt) {
        recent.appended([event], { [event.streamId]: 1 });
        const held = recent.held();
        expect(held.streamsBytes).toBeLessThanOrEqual(limits.streamsBytes);
        expect(held.logBytes).toBeLessThanOrEqual(limits.logBytes);
      }
      // The last games dealt are still served from memory, exactly; the first ones are for the database.
      expect(recent.streamAfter('crazy-29', 0)).toEqual([dealt[29]]);
      expect(recent.version('crazy-29')).toBe(1);
      expect(recent.streamAfter('crazy-0', 0)).toBeUndefined();
      expect(recent.version('crazy-0')).toBeUndefined();
      expect(recent.held().streams).toBeLessThan(games.length);
    });

    it('serves $all from what its log still holds and sends older readers to the database', () => {
      const recent = createRecentEvents(START, limits);
      const dealt = Array.from({ length: 30 }, (_, i) => deal(`crazy-${i}`, 1));
      for (const event of dealt) recent.appended([event], { [event.streamId]: 1 });
      const held = recent.held().logEvents;
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(dealt.length);
      const firstHeld = dealt.length - held;
      expect(recent.allAfter(at(dealt[firstHeld - 1]!), 100)).toEqual(dealt.slice(firstHeld));
      expect(recent.allAfter(at(dealt[firstHeld - 2]!), 100)).toBeUndefined();
      expect(recent.allAfter(START, 100)).toBeUndefined();
      expect(recent.head()).toEqual(at(dealt.at(-1)!));
    });

    it('keeps fewer events of a stream whose last events alone weigh too much, and its version', () => {
      const recent = createRecentEvents(START, { streamsBytes: 10_000 });
      const deals = Array.from({ length: 6 }, (_, i) => deal('crazy-big', i + 1));
      for (const event of deals) recent.appended([event], { 'crazy-big': event.streamPosition });
      expect(recent.held().streamsBytes).toBeLessThanOrEqual(10_000);
      expect(recent.version('crazy-big')).toBe(6);
      expect(recent.streamAfter('crazy-big', 5)).toEqual([deals[5]]);
      expect(recent.streamAfter('crazy-big', 6)).toEqual([]);
      expect(recent.streamAfter('crazy-big', 0)).toBeUndefined();
    });

    it('keeps the last event of the streams used longest ago before it forgets any', () => {
      const recent = createRecentEvents(START, { streamsBytes: 40_000 });
      const wallet = [stored('wallet-1', 1, { amount: 1 }), stored('wallet-1', 2, { amount: 2 })];
      recent.appended(wallet, { 'wallet-1': 2 });
      // Games in play push it out of the budget: it keeps its version and last event, not its older ones, and so
      // do the games dealt longest ago (two deals each).
      for (let i = 0; i < 10; i++) recent.appended([deal(`crazy-${i}`, 1), deal(`crazy-${i}`, 2)], { [`crazy-${i}`]: 2 });
      expect(recent.version('crazy-0')).toBe(2);
      expect(recent.streamAfter('crazy-0', 0)).toBeUndefined();
      expect(recent.streamAfter('crazy-9', 0)).toHaveLength(2);
      expect(recent.held().streamsBytes).toBeLessThanOrEqual(40_000);
      expect(recent.version('wallet-1')).toBe(2);
      expect(recent.streamAfter('wallet-1', 1)).toEqual([wallet[1]]);
      expect(recent.streamAfter('wallet-1', 0)).toBeUndefined();
      // Its next event joins on, as for any stream it knows.
      const third = stored('wallet-1', 3, { amount: 3 });
      recent.appended([third], { 'wallet-1': 3 });
      expect(recent.streamAfter('wallet-1', 1)).toEqual([wallet[1], third]);
    });

    it('cuts the streams used longest ago first: one used again keeps its events longer', () => {
      const recent = createRecentEvents(START, { streamsBytes: 40_000 });
      for (let i = 0; i < 4; i++) recent.appended([deal(`crazy-${i}`, 1), deal(`crazy-${i}`, 2)], { [`crazy-${i}`]: 2 });
      // crazy-0 plays on: it is now the one used last.
      recent.appended([deal('crazy-0', 3)], { 'crazy-0': 3 });
      for (let i = 4; i < 7; i++) recent.appended([deal(`crazy-${i}`, 1), deal(`crazy-${i}`, 2)], { [`crazy-${i}`]: 2 });
      expect(recent.held().streamsBytes).toBeLessThanOrEqual(40_000);
      expect(recent.streamAfter('crazy-1', 0)).toBeUndefined();
      expect(recent.streamAfter('crazy-0', 0)).toHaveLength(3);
      expect(recent.streamAfter('crazy-6', 0)).toHaveLength(2);
    });

    it('gives back the weight of a stream it forgets', () => {
      const recent = createRecentEvents(START, limits);
      recent.appended([deal('crazy-1', 1)], { 'crazy-1': 1 });
      expect(recent.held().streamsBytes).toBeGreaterThan(0);
      recent.forget('crazy-1');
      expect(recent.held()).toMatchObject({ streams: 0, streamsBytes: 0 });
    });
  });
});
