/** The arcade's reads: a match as its player sees it now, the player's game in progress, and their fairness profile. */
import type { ArcadeView, EventStore, FinishedArcadeGame, SqlExecutor } from '@qal/events';
import type { ArcadeGameModule } from '../../games/module.ts';
import type { GameRegistry } from '../../games/registry.ts';
import { addisDay } from '../addis-day.ts';
import { arcadePlaysStreamId } from '../arcade-events.ts';
import { arcadeViewOf } from '../arcade-match.ts';
import { loadArcade, loadFairness } from '../arcade.ts';
import { loadPlays } from '../shell.ts';
import type { ArcadeSummary, CurrentArcadeMatch } from './types.ts';

/** Who plays the match and how far it is; null when there is no such arcade match (or it never started). */
export async function arcadeSummary(store: EventStore, module: ArcadeGameModule, matchId: string): Promise<ArcadeSummary | null> {
  const { record, version } = await loadArcade(store, module, matchId);
  if (!record) return null;
  return { kind: 'arcade', matchId, playerId: record.playerId, status: record.status, view: null, version: version ?? 0 };
}

/**
 * The player's view at `now`: what has been shown by then (a read never writes; a deadline passed reads as the
 * game left it until the sweeper or the next move records the expiry). Null when the match is not the viewer's game.
 */
export async function arcadeViewAt(
  store: EventStore,
  module: ArcadeGameModule,
  matchId: string,
  viewerId: string,
  now: Date,
): Promise<ArcadeView | null> {
  const { record } = await loadArcade(store, module, matchId);
  if (!record || record.state === null || record.playerId !== viewerId) return null;
  return arcadeViewOf(module, record, now.toISOString());
}

export async function currentArcade(
  store: EventStore,
  db: SqlExecutor,
  games: GameRegistry,
  game: string,
  userId: string,
  now: Date,
): Promise<CurrentArcadeMatch | null> {
  const module = games.arcade(game);
  if (!module) return null;
  const day = addisDay(now.toISOString());
  const [{ rows }, plays] = await Promise.all([
    db.query<{ match_id: string }>(
      `select match_id from engine_matches where player_id = $1 and game = $2 and status = 'playing' order by requested_at desc limit 1`,
      [userId, game],
    ),
    loadPlays(store, arcadePlaysStreamId(game, userId, day)),
  ]);
  const matchId = rows[0]?.match_id;
  const view = matchId ? await arcadeViewAt(store, module, matchId, userId, now) : null;
  return {
    match: matchId && view && view.status === 'playing' ? { matchId, view } : null,
    plays: { day, played: plays.active.size, limit: module.dailyPlayLimit },
  };
}

export async function fairnessProfile(store: EventStore, userId: string): Promise<{ clientSeed: string | null; nextNonce: number }> {
  const { clientSeed, nextNonce } = await loadFairness(store, userId);
  return { clientSeed, nextNonce };
}

/** ARCADE_FINISHED_LIST games at most: the fairness page lists the latest ones to verify. */
export const ARCADE_FINISHED_LIST = 30;

export async function finishedArcadeGames(db: SqlExecutor, userId: string): Promise<FinishedArcadeGame[]> {
  const { rows } = await db.query<{ match_id: string; game: string; status: 'won' | 'lost'; score: number; ended_at: Date | string }>(
    `select match_id, game, status, score, ended_at from engine_matches
      where player_id = $1 and game <> 'hangman' and status in ('won', 'lost') order by ended_at desc limit ${ARCADE_FINISHED_LIST}`,
    [userId],
  );
  return rows.map((r) => ({
    matchId: r.match_id,
    game: r.game,
    status: r.status,
    score: r.score,
    finishedAt: new Date(r.ended_at).toISOString(),
  }));
}
