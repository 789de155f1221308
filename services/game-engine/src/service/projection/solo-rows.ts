/**
 * Single-player matches in `engine_matches`: one row per match with what stats, the daily count and the sweeper
 * need. It never holds the word or the seed (those stay in the match stream).
 */
import { pipeline, type Pipeline, type SqlExecutor, type StoredEvent } from '@qal/events';
import { GAME_RULES } from '../../catalogue/games.ts';
import { MATCH_STREAM_PREFIX, parseMatchEvent } from '../events.ts';

export const isSoloMatchEvent = (stored: Pick<StoredEvent, 'streamId'>): boolean => stored.streamId.startsWith(MATCH_STREAM_PREFIX);

/** The batch's statements in one pipeline: they still run in event order, without a round trip each. */
export async function applySoloEvents(tx: SqlExecutor, events: readonly StoredEvent[]): Promise<void> {
  const sql = pipeline(tx);
  for (const stored of events) {
    if (!stored.streamId.startsWith(MATCH_STREAM_PREFIX)) continue;
    const event = parseMatchEvent(stored);
    if (!event) continue;
    const matchId = stored.streamId.slice(MATCH_STREAM_PREFIX.length);
    const position = stored.globalPosition.toString();
    switch (event.type) {
      case 'HangmanRequested': {
        const { playerId, language, day, requestedAt } = event.data;
        sql.query(
          `insert into engine_matches (match_id, player_id, game, game_category, status, language, day, requested_at, global_position)
           values ($1, $2, 'hangman', $3, 'requested', $4, $5, $6, $7)
           on conflict (match_id) do nothing`,
          [matchId, playerId, GAME_RULES.hangman.category, language, day, requestedAt, position],
        );
        break;
      }
      case 'HangmanStarted': {
        const { category, difficulty, startedAt, deadline } = event.data;
        update(sql, matchId, position, `status = 'playing', word_category = $3, difficulty = $4, started_at = $5, deadline = $6`, [
          category,
          difficulty,
          startedAt,
          deadline,
        ]);
        break;
      }
      case 'HangmanRefused':
        update(sql, matchId, position, `status = 'refused'`, []);
        break;
      case 'HangmanAbandoned':
        update(sql, matchId, position, `status = 'abandoned'`, []);
        break;
      case 'HangmanFeeRefunded':
        update(sql, matchId, position, `fee_refunded = true`, []);
        break;
      case 'HangmanWon': {
        const { at, score, tokensWon, xpWon } = event.data;
        update(
          sql,
          matchId,
          position,
          `status = 'won', ended_at = $3, score = $4, tokens_won = $5, xp_won = $6, reward_paid = reward_paid or $5 = 0`,
          [at, score, tokensWon, xpWon],
        );
        break;
      }
      case 'HangmanLost':
        update(sql, matchId, position, `status = 'lost', ended_at = $3`, [event.data.at]);
        break;
      case 'HangmanRewardPaid':
        update(sql, matchId, position, `reward_paid = true`, []);
        break;
      case 'LetterGuessed':
      case 'HintUsed':
        break;
    }
  }
  await sql.done();
}

/** Applies an update once: a row already past this event (by global position) is left alone. */
function update(sql: Pipeline, matchId: string, position: string, assignments: string, params: readonly unknown[]): void {
  sql.query(`update engine_matches set ${assignments}, global_position = $2 where match_id = $1 and global_position < $2`, [
    matchId,
    position,
    ...params,
  ]);
}
