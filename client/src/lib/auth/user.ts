import * as z from 'zod/mini';

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.string(),
  avatar: z.nullable(z.string()),
  tokens: z.number(),
  can_claim_daily_bonus: z.boolean(),
  language: z.enum(['en', 'am']),
  created_at: z.string(),
  /** The highest badge held (emperor | nigus | ras | fitawrari); older servers do not send it. */
  badge: z.optional(z.nullable(z.enum(['emperor', 'nigus', 'ras', 'fitawrari']))),
});

export type User = z.infer<typeof userSchema>;

/** Avatars come as "/storage/…" paths, bare storage-relative paths or full URLs. */
export function avatarUrl(avatar: string | null): string | null {
  if (!avatar) return null;
  if (/^(https?:)?\/\//.test(avatar) || avatar.startsWith('/') || avatar.startsWith('blob:')) return avatar;
  return `/storage/${avatar}`;
}

export function initialOf(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : '?';
}
