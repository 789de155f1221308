import type { StoredEvent } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { profilesChangedIn, rememberPublicUsers } from './public-users-cache.ts';
import type { PublicUser } from './users.ts';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

/** A users table: names as they are now, and the lookups asked of it. */
function table(names: Record<string, string>) {
  const asked: string[][] = [];
  let hold: Promise<void> | null = null;
  return {
    names,
    asked,
    holdNext(until: Promise<void>) {
      hold = until;
    },
    async find(ids: readonly string[]) {
      asked.push([...ids]);
      const found = new Map<string, PublicUser>(
        ids.flatMap((id) => (names[id] ? [[id, { id, name: names[id]!, username: null, avatar: null }] as const] : [])),
      );
      if (hold) {
        const waiting = hold;
        hold = null;
        await waiting;
      }
      return found;
    },
  };
}

describe('remembered public names', () => {
  it('asks the table once for players it has seen, and again once they changed their profile', async () => {
    const users = table({ [ADA]: 'Ada', [BOB]: 'Bob' });
    const remembered = rememberPublicUsers(users.find);
    expect([...(await remembered.find([ADA, BOB])).values()].map((u) => u.name)).toEqual(['Ada', 'Bob']);
    await remembered.find([ADA, BOB, ADA]);
    expect(users.asked).toEqual([[ADA, BOB]]);

    users.names[ADA] = 'Ada Lovelace';
    remembered.forget([ADA]);
    expect((await remembered.find([ADA, BOB])).get(ADA)?.name).toBe('Ada Lovelace');
    expect(users.asked).toEqual([[ADA, BOB], [ADA]]);
  });

  it('does not remember an id that is not a user yet, nor a name read before a change it missed', async () => {
    const users = table({ [ADA]: 'Ada' });
    const remembered = rememberPublicUsers(users.find);
    expect((await remembered.find([BOB])).size).toBe(0);
    users.names[BOB] = 'Bob';
    expect((await remembered.find([BOB])).get(BOB)?.name).toBe('Bob');

    // A lookup that read the old row, answering after the change was forgotten, is not kept.
    let answer!: () => void;
    users.holdNext(new Promise<void>((resolve) => (answer = resolve)));
    const slow = remembered.find([ADA]);
    users.names[ADA] = 'Ada Lovelace';
    remembered.forget([ADA]);
    answer();
    expect((await slow).get(ADA)?.name).toBe('Ada');
    expect((await remembered.find([ADA])).get(ADA)?.name).toBe('Ada Lovelace');
  });

  it('reads a name again once it is older than its time to live, and keeps at most its maximum', async () => {
    const users = table({ [ADA]: 'Ada', [BOB]: 'Bob' });
    let now = 0;
    const remembered = rememberPublicUsers(users.find, () => now, { max: 1, ttlMs: 1_000 });
    await remembered.find([ADA]);
    now = 999;
    await remembered.find([ADA]);
    now = 1_000;
    await remembered.find([ADA]);
    await remembered.find([BOB]);
    await remembered.find([ADA]);
    expect(users.asked).toEqual([[ADA], [ADA], [BOB], [ADA]]);
  });

  it('finds the users whose profile changed among any events', () => {
    const event = (type: string, data: Record<string, unknown>) => ({ type, data }) as unknown as StoredEvent;
    expect(
      profilesChangedIn([
        event('ProfileChanged', { userId: ADA, name: 'Ada', changedAt: '2026-11-26T10:00:00.000Z' }),
        event('PlayerRegistered', { userId: BOB }),
      ]),
    ).toEqual([ADA]);
  });
});
