import type { ServerMessage } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { createHub, type ChannelKind, type Connection } from './hub.ts';

const connection = (userId: string) => {
  const sent: ServerMessage[] = [];
  const c: Connection & { sent: ServerMessage[] } = { id: `c-${userId}-${Math.random()}`, userId, send: (m) => sent.push(m), sent };
  return c;
};

const userKind = (version = 5, snapshot: unknown = { balance: 1 }): ChannelKind => ({
  prefix: 'user:',
  authorize: (userId, channel) => channel === `user:${userId}`,
  view: async () => ({ version, snapshot }),
});

describe('channel hub', () => {
  it('subscribes with a snapshot and routes pushes only to followers', async () => {
    const hub = createHub();
    hub.register(userKind());
    const a = connection('a');
    const b = connection('b');
    expect(await hub.subscribe(a, 'user:a')).toBe('subscribed');
    expect(await hub.subscribe(b, 'user:b')).toBe('subscribed');
    hub.publish('user:a', 'wallet', 6, { balance: 2 });
    expect(a.sent).toEqual([
      { type: 'subscribed', channel: 'user:a', version: 5, snapshot: { balance: 1 } },
      { type: 'push', channel: 'user:a', version: 6, event: 'wallet', data: { balance: 2 } },
    ]);
    expect(b.sent.filter((m) => m.type === 'push')).toEqual([]);
  });

  it('refuses channels of others and of unknown kinds', async () => {
    const hub = createHub();
    hub.register(userKind());
    const a = connection('a');
    expect(await hub.subscribe(a, 'user:b')).toBe('forbidden_channel');
    expect(await hub.subscribe(a, 'room:ABC123')).toBe('unknown_channel');
    expect(hub.hasFollowers('user:b')).toBe(false);
  });

  it('answers whether a user may follow a channel as subscribing would, without subscribing', async () => {
    const hub = createHub();
    hub.register(userKind());
    expect(await hub.access('a', 'user:a')).toBe('allowed');
    expect(await hub.access('a', 'user:b')).toBe('forbidden_channel');
    expect(await hub.access('a', 'room:ABC123')).toBe('unknown_channel');
    expect(hub.followedChannels()).toEqual([]);
  });

  it('never sends a version at or below the one a connection has', async () => {
    const hub = createHub();
    hub.register(userKind(10));
    const a = connection('a');
    await hub.subscribe(a, 'user:a');
    hub.publish('user:a', 'wallet', 9, {});
    hub.publish('user:a', 'wallet', 10, {});
    hub.publish('user:a', 'wallet', 12, {});
    hub.publish('user:a', 'wallet', 11, {});
    expect(a.sent.filter((m) => m.type === 'push').map((m) => (m as { version: number }).version)).toEqual([12]);
  });

  it('holds pushes that arrive while the snapshot is read and sends the newer ones after it', async () => {
    const hub = createHub();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    hub.register({ prefix: 'user:', authorize: () => true, view: async () => (await gate, { version: 7, snapshot: 's' }) });
    const a = connection('a');
    const subscribing = hub.subscribe(a, 'user:a');
    await Promise.resolve();
    hub.publish('user:a', 'wallet', 6, 'old');
    hub.publish('user:a', 'wallet', 8, 'new');
    release();
    await subscribing;
    expect(a.sent.map((m) => m.type)).toEqual(['subscribed', 'push']);
    expect(a.sent[1]).toMatchObject({ version: 8, data: 'new' });
  });

  it('forgets a connection on unsubscribe and disconnect', async () => {
    const hub = createHub();
    hub.register(userKind());
    const a = connection('a');
    await hub.subscribe(a, 'user:a');
    expect(hub.unsubscribe(a, 'user:a')).toBe(true);
    expect(hub.hasFollowers('user:a')).toBe(false);
    await hub.subscribe(a, 'user:a');
    hub.disconnect(a);
    expect(hub.followedChannels()).toEqual([]);
    expect(hub.connectionCount()).toBe(0);
  });

  it('versions a separate event on its own, so an invitation is not dropped behind a newer wallet', async () => {
    const hub = createHub();
    hub.register({ ...userKind(10), separateEvents: ['invitation'] });
    const a = connection('a');
    await hub.subscribe(a, 'user:a');
    hub.publish('user:a', 'wallet', 20, {});
    hub.publish('user:a', 'invitation', 15, ['i1']);
    hub.publish('user:a', 'invitation', 14, ['old']);
    hub.publish('user:a', 'wallet', 19, {});
    const pushes = a.sent.filter((m) => m.type === 'push').map((m) => [(m as { event: string }).event, (m as { version: number }).version]);
    expect(pushes).toEqual([
      ['wallet', 20],
      ['invitation', 15],
    ]);
  });

  it("tells a kind when a user's first connection follows a channel and when their last one is gone", async () => {
    const hub = createHub();
    const seen: string[] = [];
    hub.register({
      prefix: 'room:',
      authorize: () => true,
      view: async () => ({ version: 1, snapshot: null }),
      onFirstFollower: (userId, channel) => seen.push(`on ${userId} ${channel}`),
      onLastFollowerGone: (userId, channel) => seen.push(`off ${userId} ${channel}`),
    });
    const first = connection('a');
    const second = connection('a');
    await hub.subscribe(first, 'room:ABCDEF');
    await hub.subscribe(second, 'room:ABCDEF');
    await hub.subscribe(second, 'room:ABCDEF'); // a re-subscribe is not another follower
    hub.unsubscribe(first, 'room:ABCDEF');
    expect(seen).toEqual(['on a room:ABCDEF']);
    hub.disconnect(second);
    expect(seen).toEqual(['on a room:ABCDEF', 'off a room:ABCDEF']);
  });
});
