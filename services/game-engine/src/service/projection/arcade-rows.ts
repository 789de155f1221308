/**
 * Arcade matches in `engine_matches`, beside Hangman's (the `game` column tells them apart): status, deadline and
 * result, what stats, history and the sweeper read, and the folded record itself (`arcade`), onto which each batch
 * is folded. Never read from the store here: inside the projection's transaction the embedded store's one database
 * connection is the projection's, and a read would wait for it forever. The record holds the server seed, as the
 * stream does; the row is the engine's own and never leaves it (queries answer views, folded from the stream).
 */
import { pipeline, type SqlExecutor, type StoredEvent } from '@qal/events';
import { GAME_RULES, isGameSlug } from '../../catalogue/games.ts';
import type { ArcadeGameModule, GameEvent } from '../../games/module.ts';
import type { GameRegistry } from '../../games/registry.ts';
import { parseArcadeProcessEvent } from '../arcade-events.ts';
import { evolveArcade, type ArcadeRecord } from '../arcade-match.ts';
import { MATCH_STREAM_PREFIX } from '../events.ts';
import { jsonState } from './json-state.ts';

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

/** The row's record, then the batch's events past the row's position folded onto it. */
async function foldRow(
  sql: SqlExecutor,
  module: ArcadeGameModule,
  matchId: string,
  events: readonly StoredEvent[],
): Promise<ArcadeRecord | null> {
  const { rows } = await sql.query<{ arcade: ArcadeRecord | string | null; global_position: string }>(
    'select arcade, global_position from engine_matches where match_id = $1',
    [matchId],
  );
  const row = rows[0];
  const since = row ? BigInt(row.global_position) : -1n;
  let record = row?.arcade ? jsonState<ArcadeRecord>(row.arcade) : null;
  for (const stored of events) {
    if (stored.globalPosition <= since) continue;
    const process = parseArcadeProcessEvent(stored);
    if (process) {
      record = evolveArcade(module, record, { process });
      continue;
    }
    const parsed = module.stream.events.safeParse({ type: stored.type, data: stored.data });
    if (parsed.success) record = evolveArcade(module, record, { game: parsed.data as GameEvent });
  }
  return record;
}

export async function writeArcadeRows(
  sql: SqlExecutor,
  games: GameRegistry,
  batch: ReadonlyMap<string, readonly StoredEvent[]>,
): Promise<void> {
  // Written once every row is folded: a write left in flight while a later read fails would fail unheard.
  const rows: unknown[][] = [];
  for (const [streamId, events] of batch) {
    const found = arcadeMatchOf(games, { streamId });
    const last = events.at(-1);
    if (!found || !last) continue;
    const record = await foldRow(sql, found.module, found.matchId, events);
    if (!record) continue;
    const { request, finished } = record;
    const category = isGameSlug(request.game) ? GAME_RULES[request.game].category : found.module.leaderboard.category;
    rows.push([
      found.matchId,
      request.playerId,
      request.game,
      category,
      statusOf(record),
      request.day,
      request.requestedAt,
      record.state !== null ? request.requestedAt : null,
      record.status === 'playing' ? found.module.deadlineOf(record.state) : null,
      finished?.at ?? null,
      finished?.score ?? 0,
      finished?.tokens ?? 0,
      finished?.xp ?? 0,
      record.rewardPaid || (finished?.tokens ?? 0) === 0,
      record.feeRefunded,
      JSON.stringify(record),
      last.globalPosition.toString(),
    ]);
  }
  const writes = pipeline(sql);
  for (const params of rows) writes.query(UPSERT_ARCADE_ROW, params);
  await writes.done();
}

const UPSERT_ARCADE_ROW = `
       insert into engine_matches (match_id, player_id, game, game_category, status, language, day, requested_at, started_at, deadline,
         ended_at, score, tokens_won, xp_won, reward_paid, fee_refunded, arcade, global_position)
       values ($1, $2, $3, $4, $5, '', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       on conflict (match_id) do update set status = excluded.status, started_at = excluded.started_at, deadline = excluded.deadline,
         ended_at = excluded.ended_at, score = excluded.score, tokens_won = excluded.tokens_won, xp_won = excluded.xp_won,
         reward_paid = excluded.reward_paid, fee_refunded = excluded.fee_refunded, arcade = excluded.arcade,
         global_position = excluded.global_position
       where engine_matches.global_position < excluded.global_position`;
