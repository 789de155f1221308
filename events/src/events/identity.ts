import { z } from 'zod';
import type { UserId } from '../ids.ts';

/**
 * What other services need to know about players, published by the gateway (which owns identity). Phone
 * numbers never appear in events: they are personal data kept only in the gateway's tables.
 */
export const Language = z.enum(['en', 'am']);
export type Language = z.infer<typeof Language>;

export const PLAYER_STREAM_TYPE = 'player';
export const playerStreamId = (userId: UserId | string) => `player-${userId}`;

export const PlayerRegistered = z.object({
  userId: z.string().min(1),
  name: z.string().min(1).max(100),
  language: Language,
  registeredAt: z.iso.datetime(),
});
export type PlayerRegistered = z.infer<typeof PlayerRegistered>;

/** Only the fields that changed are present. `avatar` null means the avatar was removed. */
export const ProfileChanged = z.object({
  userId: z.string().min(1),
  name: z.string().min(1).max(100).optional(),
  username: z.string().nullable().optional(),
  language: Language.optional(),
  avatar: z.string().nullable().optional(),
  changedAt: z.iso.datetime(),
});
export type ProfileChanged = z.infer<typeof ProfileChanged>;

export const IdentityEvents = {
  PlayerRegistered,
  ProfileChanged,
} as const;
export type IdentityEventType = keyof typeof IdentityEvents;
