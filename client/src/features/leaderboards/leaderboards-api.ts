import * as z from 'zod/mini';
import { BADGES } from '../../components/badge-icon.tsx';
import { api } from '../../lib/api-client.ts';
import type { BoardPeriod } from '../../lib/games/boards.ts';

const entrySchema = z.object({
  rank: z.number(),
  user: z.object({ id: z.string(), name: z.string(), avatar: z.nullable(z.string()) }),
  score: z.number(),
  badge: z.nullable(z.enum(BADGES)),
});
export type BoardEntry = z.infer<typeof entrySchema>;

const boardSchema = z.object({
  /**
   * Which day, week (its Monday), month or year the board covers, in Addis Ababa time: `2025-09-11`, `2025-09`, `2025`;
   * an Ethiopian month or year: `2018-01` (መስከረም 2018), `2018`.
   */
  periodKey: z.optional(z.string()),
  entries: z.array(entrySchema),
  nextCursor: z.nullable(z.string()),
  me: z.optional(z.nullable(entrySchema)),
});
export type Board = z.infer<typeof boardSchema>;

/** A page of a board: `game` null is the global board. Signed in, the answer includes the caller's own entry. */
export function fetchBoard(
  query: { game: string | null; period: BoardPeriod; cursor?: string | null },
  signal?: AbortSignal,
): Promise<Board> {
  const params = new URLSearchParams({ period: query.period });
  if (query.game) params.set('game', query.game);
  if (query.cursor) params.set('cursor', query.cursor);
  return api.request(`/leaderboards?${params.toString()}`, boardSchema, { signal });
}
