import * as z from 'zod/mini';
import { BADGES } from '../../components/badge-icon.tsx';
import { api } from '../../lib/api-client.ts';

const num = z.optional(z.nullable(z.number()));

const overallSchema = z.object({
  games_played: num,
  wins: num,
  win_rate: num,
  tokens_earned: num,
  level: num,
  xp: num,
  average_score: num,
  highest_score: num,
  total_score: num,
  rounds: num,
  best_rank: num,
  last_played: z.optional(z.nullable(z.string())),
  current_streak: num,
  longest_streak: num,
});
export type OverallStats = z.infer<typeof overallSchema>;

const statsSchema = z.object({ overall_stats: overallSchema });

export async function fetchStats(signal?: AbortSignal): Promise<OverallStats> {
  const data = await api.request('/user/stats', statsSchema, { signal });
  return data.overall_stats;
}

const recentPlaySchema = z.object({ at: z.string(), game: z.string(), category: z.string(), score: z.number(), won: z.boolean() });
export type RecentPlay = z.infer<typeof recentPlaySchema>;

const fullStatsSchema = z.object({
  overall_stats: overallSchema,
  by_game: z.record(z.string(), overallSchema),
  by_category: z.record(z.string(), overallSchema),
  recent_plays: z.array(recentPlaySchema),
});
export type FullStats = z.infer<typeof fullStatsSchema>;

const playerSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    avatar: z.nullable(z.string()),
    badge: z.nullable(z.enum(BADGES)),
    level: z.number(),
  }),
  stats: fullStatsSchema,
});
export type PlayerStatsPage = z.infer<typeof playerSchema>;

/** A player's profile and statistics (signed in only). */
export function fetchPlayerStats(id: string, signal?: AbortSignal): Promise<PlayerStatsPage> {
  return api.request(`/stats/player/${encodeURIComponent(id)}`, playerSchema, { signal, requireSession: true });
}

/** What a share link shows; no session needed. */
export function fetchSharedStats(shareId: string, signal?: AbortSignal): Promise<PlayerStatsPage> {
  return api.request(`/stats/share/${encodeURIComponent(shareId)}`, playerSchema, { signal, auth: false });
}

export async function createShareLink(): Promise<string> {
  const data = await api.request('/stats/share', z.object({ shareId: z.string() }), { method: 'POST', requireSession: true });
  return data.shareId;
}

export async function revokeShareLink(shareId: string): Promise<void> {
  await api.request(`/stats/share/${encodeURIComponent(shareId)}`, z.object({ revoked: z.boolean() }), {
    method: 'DELETE',
    requireSession: true,
  });
}
