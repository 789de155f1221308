/**
 * Arcade matches in `engine_matches`, beside Hangman's (the `game` column tells them apart): status, deadline and
 * result, what stats, history and the sweeper read. A match's row is written from its stream folded whole (a few
 * events), never from the batch alone, so a row is always what the stream says; the seed never reaches it.
 */
import type { EventStore, SqlExecutor, StoredEvent } from '@qal/events';
import { GAME_RULES, isGameSlug } from '../../catalogue/games.ts';
import type { GameRegistry } from '../../games/registry.ts';
import { loadArcade } from '../arcade.ts';
import type { ArcadeRecord } from '../arcade-match.ts';
import { MATCH_STREAM_PREFIX } from '../events.ts';
import type { ArcadeGameModule } from '../../games/module.ts';

const statusOf = (record: ArcadeRecord): string => (record.status === 'over' ? (record.finished?.won ? 'won' : 'lost') : record.status);

export function arcadeMatchOf(
  games: GameRegistry,
  stored: Pick<StoredEvent, 'streamId'>,
): { module: ArcadeGameModule; matchId: string } | null {
  if (!stored.streamId.startsWith(MATCH_STREAM_PREFIX)) return null;
  const matchId = stored.streamId.slice(MATCH_STREAM_PREFIX.length);
  const module = games.arcadeOfMatch(matchId);
  return module ? { module, matchId } : null;
}

export async function writeArcadeRows(
  sql: SqlExecutor,
  games: GameRegistry,
  batch: ReadonlyMap<string, readonly StoredEvent[]>,
  store: EventStore | undefined,
): Promise<void> {
  if (!store) return;
  for (const [streamId, events] of batch) {
    const found = arcadeMatchOf(games, { streamId });
    const last = events.at(-1);
    if (!found || !last) continue;
    const { record } = await loadArcade(store, found.module, found.matchId);
    if (!record) continue;
    const { request, finished } = record;
    const started = record.state !== null;
    const category = isGameSlug(request.game) ? GAME_RULES[request.game].category : found.module.leaderboard.category;
    await sql.query(
      `insert into engine_matches (match_id, player_id, game, game_category, status, language, day, requested_at, started_at, deadline,
         ended_at, score, tokens_won, xp_won, reward_paid, fee_refunded, global_position)
       values ($1, $2, $3, $4, $5, '', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       on conflict (match_id) do update set status = excluded.status, started_at = excluded.started_at, deadline = excluded.deadline,
         ended_at = excluded.ended_at, score = excluded.score, tokens_won = excluded.tokens_won, xp_won = excluded.xp_won,
         reward_paid = excluded.reward_paid, fee_refunded = excluded.fee_refunded, global_position = excluded.global_position
       where engine_matches.global_position < excluded.global_position`,
      [
        found.matchId,
        request.playerId,
        request.game,
        category,
        statusOf(record),
        request.day,
        request.requestedAt,
        started ? request.requestedAt : null,
        record.status === 'playing' ? found.module.deadlineOf(record.state) : null,
        finished?.at ?? null,
        finished?.score ?? 0,
        finished?.tokens ?? 0,
        finished?.xp ?? 0,
        record.rewardPaid || (finished?.tokens ?? 0) === 0,
        record.feeRefunded,
        last.globalPosition.toString(),
      ],
    );
  }
}
