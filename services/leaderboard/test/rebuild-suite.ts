import { describe, expect, it } from 'vitest';
import type { EventStore, SqlDatabase } from '@qal/events';
import type { Leaderboard } from '../src/leaderboard.ts';
import { rebuildLeaderboard } from '../src/projection/rebuild.ts';
import { changeProfile, credit, dumpTables, playCrazy, playDuel, playHangman, register } from './fixtures.ts';

/** The rebuild suite, run on PGlite and on PostgreSQL. */
export function rebuildSuite(env: () => { db: SqlDatabase; store: EventStore; leaderboard: Leaderboard }) {
  describe('rebuild from position 0', () => {
    it('gives tables equal to the live ones, whatever the batch size, and the live projection carries on after the swap', async () => {
      const { db, store, leaderboard } = env();
      const players: string[] = [];
      for (let i = 0; i < 6; i += 1) players.push(await register(store, `Player ${i}`));
      let minute = 0;
      for (let round = 0; round < 4; round += 1) {
        for (const [i, userId] of players.entries()) {
          const at = new Date(Date.parse('2025-02-27T18:00:00Z') + (minute += 37) * 60_000).toISOString();
          await playHangman(store, { userId, at, score: (i * 137 + round * 211) % 900, reward: 2 });
        }
      }
      // Multiplayer results between them: duels won, tied, and left mid-way (a batch of 7 splits each stream), and
      // a Crazy game with a player who left.
      const [p0, p1, p2, p3, p4, p5] = players as [string, string, string, string, string, string];
      await playDuel(store, { players: [p0, p1], rounds: 2, winners: [p0], at: '2025-02-28T09:00:00Z', payout: 18 });
      await playDuel(store, { players: [p2, p3, p4], rounds: 3, winners: [p2, p3], at: '2025-02-28T10:00:00Z', payout: 9 });
      await playDuel(store, {
        players: [p1, p5, p0],
        rounds: 3,
        winners: [p5],
        at: '2025-02-28T11:00:00Z',
        left: [{ userId: p0, afterRounds: 1 }],
      });
      await playCrazy(store, { players: [p3, p4, p5], winner: p4, at: '2025-02-28T12:00:00Z', left: [p5] });
      await changeProfile(store, players[0]!, { name: 'Renamed' });
      await credit(store, players[1]!, 10, 'daily_bonus');
      await leaderboard.catchUp();
      const live = await dumpTables(db);
      expect(live.leaderboard_game_scores!.length).toBeGreaterThan(10);
      const p0Stats = await leaderboard.queries.stats(p0);
      expect(p0Stats.overall_stats).toMatchObject({ games_played: 4 + 2, wins: 1 + 3, rounds: 4 + 2 + 1 });
      expect((await leaderboard.queries.stats(p4)).by_game.crazy).toMatchObject({ games_played: 1, wins: 1 });

      // Small batches with a cache too small to keep (so batches read rows back), then big batches from memory.
      const report = await rebuildLeaderboard(db, store, { batchSize: 7, cacheRows: 5 });
      expect(report.events).toBeGreaterThan(100);
      expect(await dumpTables(db)).toEqual(live);
      await rebuildLeaderboard(db, store);
      expect(await dumpTables(db)).toEqual(live);

      // The swapped-in tables are live: a new game lands on them once, through the running subscription.
      await playHangman(store, { userId: players[2]!, at: '2025-03-01T10:00:00Z', score: 2000, reward: 5 });
      await leaderboard.catchUp();
      const top = await leaderboard.queries.board({ game: 'hangman', period: 'all', now: new Date(), limit: 1, viewerId: null });
      expect(top.entries[0]).toMatchObject({ rank: 1, score: 2000, user: { id: players[2] } });
      const stats = await leaderboard.queries.stats(players[2]!);
      // 4 single-player games, the tied duel, and this one.
      expect(stats.overall_stats.games_played).toBe(6);
    });
  });
}
