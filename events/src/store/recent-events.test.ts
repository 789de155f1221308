import { describe, expect, it } from 'vitest';
import { START, type StoredEvent } from './port.ts';
import { createRecentEvents } from './recent-events.ts';

let next = 0n;
const stored = (streamId: string, streamPosition: number): StoredEvent => {
  next += 1n;
  return {
    streamId,
    streamPosition,
    transactionId: next,
    globalPosition: next,
    eventId: `e${next}`,
    type: 'E',
    schemaVersion: 1,
    data: {},
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
    const recent = createRecentEvents(at(before), 3);
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
});
