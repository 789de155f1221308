/** A player's finished room matches, newest first, a page at a time (`cursor`: the page before's `nextCursor`). */
import type { SqlExecutor } from '@qal/events';
import type { HistoryItem, HistoryPage } from './types.ts';

export async function roomHistory(
  db: SqlExecutor,
  userId: string,
  { limit, cursor }: { limit: number; cursor?: string | null },
): Promise<HistoryPage> {
  const size = Math.max(1, Math.min(limit, 100));
  const after = cursor ? decodeCursor(cursor) : null;
  const { rows } = await db.query<HistoryRow>(
    `select match_id, room_code, room_name, game, finished_at, result, score, tokens, players from engine_room_history
      where user_id = $1 ${after ? 'and (finished_at, match_id) < ($3, $4)' : ''}
      order by finished_at desc, match_id desc limit $2`,
    after ? [userId, size + 1, after.finishedAt, after.matchId] : [userId, size + 1],
  );
  const items = rows.slice(0, size).map((r) => ({
    matchId: r.match_id,
    roomCode: r.room_code,
    roomName: r.room_name,
    game: r.game,
    finishedAt: new Date(r.finished_at).toISOString(),
    result: r.result,
    score: Number(r.score),
    tokens: Number(r.tokens),
    players: typeof r.players === 'string' ? (JSON.parse(r.players) as HistoryItem['players']) : r.players,
  }));
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? encodeCursor(last.finishedAt, last.matchId) : null };
}

interface HistoryRow {
  match_id: string;
  room_code: string;
  room_name: string;
  game: string;
  finished_at: Date | string;
  result: HistoryItem['result'];
  score: number;
  tokens: number;
  players: HistoryItem['players'] | string;
}

const encodeCursor = (finishedAt: string, matchId: string) => Buffer.from(JSON.stringify([finishedAt, matchId])).toString('base64url');
function decodeCursor(cursor: string): { finishedAt: string; matchId: string } | null {
  try {
    const [finishedAt, matchId] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as [unknown, unknown];
    if (typeof finishedAt === 'string' && typeof matchId === 'string' && !Number.isNaN(Date.parse(finishedAt)))
      return { finishedAt, matchId };
  } catch {
    // an unreadable cursor reads as the first page
  }
  return null;
}
