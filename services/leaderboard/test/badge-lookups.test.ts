import { describe, expect, it } from 'vitest';
import type { SqlExecutor, SqlResult } from '@qal/events';
import { createLeaderboardQueries } from '../src/queries.ts';

/** A database that answers the badge queries from a position and an Emperor, counting each kind of statement. */
function fakeDatabase() {
  const state = { position: '10', emperor: 'user-a' };
  const calls = { position: 0, emperors: 0 };
  const db: SqlExecutor = {
    async query<Row>(text: string): Promise<SqlResult<Row>> {
      if (text.includes('leaderboard_position')) {
        calls.position += 1;
        return { rows: [{ global_position: state.position }] as Row[], rowCount: 1 };
      }
      if (text.includes('max(score)')) {
        calls.emperors += 1;
        return { rows: [{ user_id: state.emperor }] as Row[], rowCount: 1 };
      }
      return { rows: [], rowCount: 0 };
    },
  };
  return { db, state, calls };
}

describe('badge lookups', () => {
  it('answers the players of many rooms asked at once with one read of the projection', async () => {
    const { db, calls } = fakeDatabase();
    const queries = createLeaderboardQueries(db);
    const players = ['user-a', 'user-b', 'user-c', 'user-d', 'user-e', 'user-f', 'user-g', 'user-h'];
    const badges = await Promise.all(players.map((id) => queries.badgeOf(id)));
    expect(badges).toEqual(['emperor', null, null, null, null, null, null, null]);
    expect(calls).toEqual({ position: 1, emperors: 1 });
  });

  it('never answers a caller from a lookup sent before it asked', async () => {
    const { db, state, calls } = fakeDatabase();
    const queries = createLeaderboardQueries(db);
    expect(await queries.badgeOf('user-b')).toBeNull();
    state.position = '11';
    state.emperor = 'user-b';
    expect(await queries.badgeOf('user-b')).toBe('emperor');
    expect(calls).toEqual({ position: 2, emperors: 2 });
  });
});
