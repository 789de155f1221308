import { BADGES, type Badge, type LeaderboardQueries } from '@qal/leaderboard';
import { z } from 'zod';
import type { Clock } from '../clock.ts';
import type { UserRecord } from '../identity/users.ts';
import type { LedgerQueries } from '../platform/ledger-port.ts';

/** The `User` the API answers with: the profile plus what the ledger knows (available tokens, bonus). */
export interface UserPayload {
  readonly id: string;
  readonly name: string;
  readonly username: string | null;
  readonly email: string | null;
  readonly phone: string;
  readonly avatar: string | null;
  readonly tokens: number;
  readonly can_claim_daily_bonus: boolean;
  readonly language: 'en' | 'am';
  readonly created_at: string;
  /** The highest badge the player holds (emperor | nigus | ras | fitawrari), or null. */
  readonly badge: Badge | null;
}

/** UserPayload for the API reference; the assignments below keep the two the same shape. */
export const UserPayloadSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string(),
  avatar: z.string().nullable().meta({ description: 'A /storage/ path, or null' }),
  tokens: z.int().meta({ description: 'Tokens available to play with' }),
  can_claim_daily_bonus: z.boolean(),
  language: z.enum(['en', 'am']),
  created_at: z.string(),
  badge: z.enum(BADGES).nullable(),
});
const _payloadIsDocumented = (payload: UserPayload): z.infer<typeof UserPayloadSchema> => payload;
const _documentedIsPayload = (documented: z.infer<typeof UserPayloadSchema>): UserPayload => documented;

export async function presentUser(
  user: UserRecord,
  queries: LedgerQueries,
  clock: Clock,
  badges: Pick<LeaderboardQueries, 'badgeOf'>,
): Promise<UserPayload> {
  const [wallet, canClaim, badge] = await Promise.all([
    queries.wallet(user.id),
    queries.canClaimDailyBonus(user.id, clock()),
    badges.badgeOf(user.id),
  ]);
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    phone: user.phone,
    avatar: user.avatar,
    tokens: wallet?.available ?? 0,
    can_claim_daily_bonus: canClaim,
    language: user.language,
    created_at: user.createdAt.toISOString(),
    badge,
  };
}
