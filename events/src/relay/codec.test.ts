import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../store/port.ts';
import { decodeRelayedEvent, encodeRelayedEvent, RELAY_HEADERS } from './codec.ts';
import { EVENT_TOPICS, eventTopicFor } from './topics.ts';

const event: StoredEvent = {
  eventId: '0b9d3c53-5a7e-4a4e-9f0e-1d2c3b4a5f60',
  streamId: 'account-wallet:u1',
  streamPosition: 3,
  type: 'TransferPosted',
  schemaVersion: 1,
  data: { amount: 10, balanceAfter: 110, heldAfter: 0 },
  metadata: { prevHash: 'a', hash: 'b' },
  recordedAt: new Date('2026-01-02T03:04:05.678Z'),
  transactionId: 9_007_199_254_740_993n,
  globalPosition: 42n,
};

describe('relayed events', () => {
  it('travel keyed by stream id and come back as the same stored event, bigints intact', () => {
    const message = encodeRelayedEvent(event);
    expect(message.key).toBe('account-wallet:u1');
    expect(message.headers).toMatchObject({ [RELAY_HEADERS.eventId]: event.eventId, [RELAY_HEADERS.globalPosition]: '42' });
    expect(decodeRelayedEvent(message)).toEqual(event);
  });

  it('decode to null, not an exception, when a message is not a relayed event', () => {
    expect(decodeRelayedEvent({ value: 'not json' })).toBeNull();
    expect(decodeRelayedEvent({ value: JSON.stringify({ eventId: 'x' }) })).toBeNull();
  });

  it('go to the topic of the context that owns their stream', () => {
    expect(eventTopicFor('player-u1')).toBe(EVENT_TOPICS.identity);
    expect(['account-wallet:u1', 'transfer-t1', 'hold-h1', 'purchase-p1'].map(eventTopicFor)).toEqual(Array(4).fill(EVENT_TOPICS.ledger));
    expect(['match-m1', 'hangman-plays-u1-2026-01-02'].map(eventTopicFor)).toEqual([EVENT_TOPICS.engine, EVENT_TOPICS.engine]);
    expect(eventTopicFor('something-new')).toBe(EVENT_TOPICS.other);
  });
});
