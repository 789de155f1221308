import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEventStore, openPgliteDatabase, START, type EventStore, type SqlDatabase } from '@qal/events';
import { HANGMAN_MAX_SCORE } from '../src/config.ts';
import { createLeaderboard, type Leaderboard } from '../src/leaderboard.ts';
import { applyEvents, newRowCache } from '../src/projection/apply.ts';
import { indexesDdl, LIVE_TABLES, runDdl, tableSet, tablesDdl } from '../src/projection/tables.ts';
import { changeProfile, credit, dumpTables, playHangman, register } from './fixtures.ts';

let db: SqlDatabase;
let store: EventStore;
let leaderboard: Leaderboard;

beforeAll(async () => {
  db = await openPgliteDatabase();
  store = await createSqlEventStore(db);
  leaderboard = createLeaderboard({ store, db });
  await leaderboard.start();
});
afterAll(async () => {
  await leaderboard?.stop();
  await store?.close();
  await db?.close();
});

const NOW = new Date('2025-06-04T09:00:00Z'); // a Wednesday in Addis Ababa
const board = (
  game: string | null,
  period: 'day' | 'week' | 'month' | 'year' | 'all' = 'all',
  extra: { now?: Date; limit?: number; cursor?: string | null; viewerId?: string | null } = {},
) =>
  leaderboard.queries.board({
    game,
    period,
    now: extra.now ?? NOW,
    limit: extra.limit ?? 50,
    cursor: extra.cursor ?? null,
    viewerId: extra.viewerId ?? null,
  });

describe('boards from played games', () => {
  it('ranks a game by each player’s best score and the global board by normalised points, with names from identity events', async () => {
    const abebe = await register(store, 'Abebe');
    const sara = await register(store, 'Sara');
    const lost = await register(store, 'Only Lost');
    await playHangman(store, { userId: abebe, at: '2025-06-04T06:00:00Z', score: 400, reward: 4 });
    await playHangman(store, { userId: abebe, at: '2025-06-04T06:05:00Z', score: 900, reward: 5 });
    await playHangman(store, { userId: abebe, at: '2025-06-04T06:10:00Z', score: 300, reward: 3 });
    await playHangman(store, { userId: sara, at: '2025-06-04T07:00:00Z', score: 700, reward: 5 });
    await playHangman(store, { userId: lost, at: '2025-06-04T07:30:00Z' });
    await changeProfile(store, sara, { name: 'Sara T.', avatar: '/storage/avatars/sara.png' });
    await leaderboard.catchUp();

    const hangman = await board('hangman', 'all', { viewerId: lost });
    const mine = hangman.entries.filter((e) => [abebe, sara].includes(e.user.id));
    expect(mine.map((e) => [e.user.name, e.score])).toEqual([
      ['Abebe', 900],
      ['Sara T.', 700],
    ]);
    expect(mine[1]!.user.avatar).toBe('/storage/avatars/sara.png');
    // A player who only lost is on no board.
    expect(hangman.entries.some((e) => e.user.id === lost)).toBe(false);
    expect(hangman.me).toBeNull();

    const global = await board(null, 'all', { viewerId: abebe });
    expect(global.me).toMatchObject({ user: { id: abebe }, score: Math.round((900 / HANGMAN_MAX_SCORE) * 10_000) / 10 });
    expect(HANGMAN_MAX_SCORE).toBe(2350);
  });
});

describe('ties, ranks and badges', () => {
  it('shares ranks on ties, gives Emperor to every global #1 and Ras / Fitawrari by game rank', async () => {
    // A board of its own: a day far from the others' plays.
    const at = '2024-03-05T10:00:00Z';
    const day = new Date(at);
    const scores = [2000, 2000, 1500, 1400, 1400, 1300, 1200, 1100, ...Array.from({ length: 14 }, (_, i) => 1000 - i * 10)];
    const users: string[] = [];
    for (const [i, score] of scores.entries()) {
      const userId = await register(store, `Tie ${i}`);
      users.push(userId);
      await playHangman(store, { userId, at, score });
    }
    await leaderboard.catchUp();
    const page = await board('hangman', 'day', { now: day });
    expect(page.entries.map((e) => e.rank)).toEqual([1, 1, 3, 4, 4, 6, 7, 8, ...Array.from({ length: 14 }, (_, i) => 9 + i)]);
    // Badges are earned on the all-time boards, where these 2000s lead everyone.
    const badges = Object.fromEntries(page.entries.map((e) => [e.user.id, e.badge]));
    expect(badges[users[0]!]).toBe('emperor');
    expect(badges[users[1]!]).toBe('emperor');
    expect(badges[users[2]!]).toBe('ras');
    expect(await leaderboard.queries.badgeOf(users[2]!)).toBe('ras');
    expect(page.entries.filter((e) => e.badge === 'fitawrari').length).toBeGreaterThan(0);
    // All-time ranks continue below the earlier suite's 900 and 700, so the tail has no badge.
    expect(badges[users.at(-1)!]).toBeNull();
  });

  it('pages with a cursor, keeping tied ranks across pages', async () => {
    const day = new Date('2024-03-05T10:00:00Z');
    const first = await board('hangman', 'day', { now: day, limit: 4 });
    expect(first.entries.map((e) => e.rank)).toEqual([1, 1, 3, 4]);
    const second = await board('hangman', 'day', { now: day, limit: 4, cursor: first.nextCursor });
    expect(second.entries.map((e) => e.rank)).toEqual([4, 6, 7, 8]);
    expect(second.entries[0]!.score).toBe(1400);
    await expect(board('hangman', 'day', { now: day, cursor: 'not-a-cursor' })).rejects.toThrow(/cursor/);
  });
});

describe('periods at Addis Ababa midnight', () => {
  it('puts a game at 23:59 Addis time on that day’s board and one at 00:00 on the next day’s', async () => {
    const late = await register(store, 'Late');
    const early = await register(store, 'Early');
    await playHangman(store, { userId: late, at: '2023-09-10T20:59:00Z', score: 500 }); // Sun 23:59 in Addis
    await playHangman(store, { userId: early, at: '2023-09-10T21:00:00Z', score: 600 }); // Mon 00:00 in Addis
    await leaderboard.catchUp();
    const ids = (b: Awaited<ReturnType<typeof board>>) => b.entries.map((e) => e.user.id);
    expect(ids(await board('hangman', 'day', { now: new Date('2023-09-10T12:00:00Z') }))).toEqual([late]);
    expect(ids(await board('hangman', 'day', { now: new Date('2023-09-10T21:30:00Z') }))).toEqual([early]);
    // The week starts on Monday: Sunday's game is last week's, Monday's this week's.
    expect(ids(await board('hangman', 'week', { now: new Date('2023-09-08T12:00:00Z') }))).toEqual([late]);
    expect(ids(await board('hangman', 'week', { now: new Date('2023-09-14T12:00:00Z') }))).toEqual([early]);
    expect(ids(await board(null, 'month', { now: new Date('2023-09-20T12:00:00Z') }))).toEqual([early, late]);
  });
});

describe('player statistics', () => {
  it('counts plays, wins, streaks, XP, level and tokens earned (what games paid, not the welcome grant or the daily bonus)', async () => {
    const userId = await register(store, 'Stats');
    await credit(store, userId, 100, 'welcome_grant');
    await credit(store, userId, 10, 'daily_bonus');
    await playHangman(store, { userId, at: '2025-05-01T08:00:00Z', score: 250, reward: 2 });
    await playHangman(store, { userId, at: '2025-05-01T08:10:00Z', score: 350, reward: 3 });
    await playHangman(store, { userId, at: '2025-05-01T08:20:00Z', score: 0 });
    await playHangman(store, { userId, at: '2025-05-01T08:30:00Z', score: 120, reward: 1 });
    await leaderboard.catchUp();
    const stats = await leaderboard.queries.stats(userId);
    expect(stats.overall_stats).toMatchObject({
      games_played: 4,
      wins: 3,
      win_rate: 0.75,
      tokens_earned: 6,
      xp: 7 + 8 + 6,
      level: 1,
      average_score: 180,
      highest_score: 350,
      total_score: 720,
      rounds: 4,
      last_played: '2025-05-01T08:30:00.000Z',
      current_streak: 1,
      longest_streak: 2,
    });
    expect(stats.by_game.hangman).toMatchObject({ games_played: 4, tokens_earned: 6, best_rank: expect.any(Number) });
    expect(stats.by_category.word).toMatchObject({ games_played: 4, wins: 3 });
    expect(stats.recent_plays.map((p) => p.score)).toEqual([250, 350, 0, 120]);
    const profile = await leaderboard.queries.profile(userId);
    expect(profile).toMatchObject({ id: userId, name: 'Stats', level: 1 });
    expect(await leaderboard.queries.profile('nobody')).toBeNull();
  });

  it('applies a batch only once, even when it is handed over again', async () => {
    const userId = await register(store, 'Twice');
    await playHangman(store, { userId, at: '2025-05-02T08:00:00Z', score: 500, reward: 5 });
    await leaderboard.catchUp();
    const before = await dumpTables(db);
    const everything = await store.readAll(START, 100_000);
    await db.transaction((tx) => applyEvents(tx, LIVE_TABLES, 'leaderboard', everything));
    expect(await dumpTables(db)).toEqual(before);
  });
});

describe('rows cached between batches', () => {
  it('drops them when another writer has moved the tables on, so nothing is counted from stale rows', async () => {
    const tables = tableSet('_cachetest');
    await runDdl(db, tablesDdl('_cachetest'));
    await runDdl(db, indexesDdl('_cachetest'));
    const userId = await register(store, 'Cached');
    const from = await store.head();
    const cache = newRowCache(1_000);
    const apply = async (withCache: boolean) => {
      const events = await store.readAll(from, 100_000);
      await db.transaction((tx) => applyEvents(tx, tables, 'cachetest', events, withCache ? cache : undefined));
    };
    const stats = async () =>
      (
        await db.query<{ games_played: number }>(
          `select games_played from ${tables.leaderboard_player_stats} where user_id = $1 and scope = 'overall'`,
          [userId],
        )
      ).rows[0]?.games_played;

    await playHangman(store, { userId, at: '2025-05-03T08:00:00Z', score: 300 });
    await apply(true);
    // Another instance applies the next game: the cache has not seen it.
    await playHangman(store, { userId, at: '2025-05-03T09:00:00Z', score: 400 });
    await apply(false);
    await playHangman(store, { userId, at: '2025-05-03T10:00:00Z', score: 500 });
    await apply(true);
    expect(await stats()).toBe(3);
  });
});
