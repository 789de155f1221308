/**
 * Multiplayer results (word duels on `duel-<id>`, Crazy on `crazy-<id>`) in the statistics: games played, wins
 * (a tie is a win for each winner), rounds, last played and streaks, per game and per category. Their scores are
 * on no board and in no score statistic (README "Decisions").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqlEventStore, openPgliteDatabase, START, type EventStore, type SqlDatabase } from '@qal/events';
import { factsOf } from '../src/core/facts.ts';
import { createLeaderboard, type Leaderboard } from '../src/leaderboard.ts';
import { applyEvents } from '../src/projection/apply.ts';
import { LIVE_TABLES } from '../src/projection/tables.ts';
import { dumpTables, playCrazy, playDuel, playHangman, register } from './fixtures.ts';

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

const stats = (userId: string) => leaderboard.queries.stats(userId);
const dayBoard = (game: string | null, now: string) =>
  leaderboard.queries.board({ game, period: 'day', now: new Date(now), limit: 50, cursor: null, viewerId: null });

describe('word duels in the statistics', () => {
  it('counts a duel won and a duel lost in the hangman game and the word category, with its rounds and the payout', async () => {
    const abebe = await register(store, 'Abebe');
    const sara = await register(store, 'Sara');
    await playHangman(store, { userId: abebe, at: '2025-07-01T08:00:00Z', score: 400, reward: 4 });
    await playDuel(store, { players: [abebe, sara], rounds: 2, winners: [abebe], at: '2025-07-01T09:00:00Z', payout: 18 });
    await leaderboard.catchUp();

    const won = await stats(abebe);
    expect(won.overall_stats).toMatchObject({
      games_played: 2,
      wins: 2,
      win_rate: 1,
      rounds: 1 + 2,
      // The score statistics are over the single-player game only: a duel's points are not board scores.
      total_score: 400,
      highest_score: 400,
      average_score: 400,
      xp: 9,
      tokens_earned: 4 + 18,
      last_played: '2025-07-01T09:00:00.000Z',
      current_streak: 2,
      longest_streak: 2,
    });
    expect(won.by_game.hangman).toMatchObject({ games_played: 2, wins: 2, rounds: 3, tokens_earned: 22, average_score: 400 });
    expect(won.by_category.word).toMatchObject({ games_played: 2, wins: 2, rounds: 3 });
    // The score-over-time chart stays single-player.
    expect(won.recent_plays.map((p) => p.score)).toEqual([400]);

    const lost = await stats(sara);
    expect(lost.overall_stats).toMatchObject({
      games_played: 1,
      wins: 0,
      win_rate: 0,
      rounds: 2,
      total_score: 0,
      average_score: 0,
      tokens_earned: 0,
      best_rank: null,
      last_played: '2025-07-01T09:00:00.000Z',
      current_streak: 0,
      longest_streak: 0,
    });
    expect(Object.keys(lost.by_game)).toEqual(['hangman']);
    expect(Object.keys(lost.by_category)).toEqual(['word']);
    expect(lost.recent_plays).toEqual([]);

    // Boards stay single-player: Abebe's 400, and nobody from the duel alone.
    const hangman = await dayBoard('hangman', '2025-07-01T09:30:00Z');
    expect(hangman.entries.map((e) => [e.user.id, e.score])).toEqual([[abebe, 400]]);
    expect((await dayBoard(null, '2025-07-01T09:30:00Z')).entries.map((e) => e.user.id)).toEqual([abebe]);
  });

  it('gives a shared win to every tied winner, and a later loss ends the streak', async () => {
    const [a, b, c] = [await register(store, 'Tie A'), await register(store, 'Tie B'), await register(store, 'Tie C')];
    await playDuel(store, { players: [a, b, c], rounds: 3, winners: [a, b], at: '2025-07-02T09:00:00Z' });
    await playDuel(store, { players: [a, b], rounds: 2, winners: [b], at: '2025-07-02T10:00:00Z' });
    await leaderboard.catchUp();

    expect((await stats(a)).overall_stats).toMatchObject({
      games_played: 2,
      wins: 1,
      win_rate: 0.5,
      rounds: 5,
      current_streak: 0,
      longest_streak: 1,
    });
    expect((await stats(b)).overall_stats).toMatchObject({
      games_played: 2,
      wins: 2,
      win_rate: 1,
      rounds: 5,
      current_streak: 2,
      longest_streak: 2,
    });
    expect((await stats(c)).overall_stats).toMatchObject({ games_played: 1, wins: 0, rounds: 3, last_played: '2025-07-02T09:00:00.000Z' });
  });

  it('counts a player who left as a loss when they leave, with the rounds ended while they were in', async () => {
    const [stays, other, leaves, leavesAtOnce] = [
      await register(store, 'Stays'),
      await register(store, 'Other'),
      await register(store, 'Leaves'),
      await register(store, 'Leaves at once'),
    ];
    await playDuel(store, {
      players: [stays, other, leaves, leavesAtOnce],
      rounds: 3,
      winners: [stays],
      at: '2025-07-03T09:00:00Z',
      left: [
        { userId: leaves, afterRounds: 1 },
        { userId: leavesAtOnce, afterRounds: 0 },
      ],
    });
    await leaderboard.catchUp();

    expect((await stats(stays)).overall_stats).toMatchObject({ games_played: 1, wins: 1, rounds: 3, current_streak: 1 });
    expect((await stats(other)).overall_stats).toMatchObject({ games_played: 1, wins: 0, rounds: 3 });
    // Left after round 1 ended (2 minutes before the finish) and half a minute later.
    expect((await stats(leaves)).overall_stats).toMatchObject({
      games_played: 1,
      wins: 0,
      rounds: 1,
      last_played: '2025-07-03T08:57:30.000Z',
    });
    expect((await stats(leavesAtOnce)).by_game.hangman).toMatchObject({ games_played: 1, wins: 0, rounds: 0 });
  });

  it('reads only what a duel stream holds: RoundEnded or PlayerRemoved elsewhere is no fact of a duel', () => {
    const at = '2025-07-03T09:00:00Z';
    expect(factsOf({ streamId: 'match-x', type: 'RoundEnded', data: {} })).toEqual([]);
    expect(factsOf({ streamId: 'room-x', type: 'PlayerRemoved', data: { playerId: 'u', at } })).toEqual([]);
    expect(factsOf({ streamId: 'duel-x', type: 'DuelFinished', data: { reason: 'time', winners: ['u'], at } })).toEqual([
      { kind: 'match_ended', matchId: 'x', winners: ['u'], rounds: null, at },
    ]);
  });
});

describe('Crazy in the statistics', () => {
  it('counts its winner, the others and a player who left, one round each, in the crazy game and the card category', async () => {
    const [winner, loser, leaver] = [await register(store, 'Crazy W'), await register(store, 'Crazy L'), await register(store, 'Crazy X')];
    await playCrazy(store, { players: [winner, loser, leaver], winner, at: '2025-07-04T09:00:00Z', left: [leaver] });
    await leaderboard.catchUp();

    const w = await stats(winner);
    expect(w.overall_stats).toMatchObject({ games_played: 1, wins: 1, rounds: 1, total_score: 0, average_score: 0 });
    expect(w.by_game.crazy).toMatchObject({ games_played: 1, wins: 1, rounds: 1 });
    expect(w.by_category.card).toMatchObject({ games_played: 1, wins: 1 });
    expect((await stats(loser)).by_game.crazy).toMatchObject({ games_played: 1, wins: 0, rounds: 1 });
    expect((await stats(leaver)).overall_stats).toMatchObject({
      games_played: 1,
      wins: 0,
      rounds: 1,
      last_played: '2025-07-04T08:55:00.000Z',
    });
    expect((await dayBoard('crazy', '2025-07-04T09:30:00Z')).entries).toEqual([]);
  });
});

describe('multiplayer results exactly once', () => {
  it('changes nothing when every event, duels and Crazy included, is handed over again', async () => {
    const before = await dumpTables(db);
    expect(before.leaderboard_matches!.some((row) => String(row).includes('"players":['))).toBe(true);
    const everything = await store.readAll(START, 100_000);
    await db.transaction((tx) => applyEvents(tx, LIVE_TABLES, 'leaderboard', everything));
    expect(await dumpTables(db)).toEqual(before);
  });
});
