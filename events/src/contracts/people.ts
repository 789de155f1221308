import * as z from 'zod/mini';

/** The badges, highest first (the leaderboard awards them: Emperor global #1, Nigus #1 of a game, Ras 2–6, Fitawrari 7–21). */
export const BADGES = ['emperor', 'nigus', 'ras', 'fitawrari'] as const;
export type Badge = (typeof BADGES)[number];

/**
 * What a room, an invitation or a history row shows of another player (the gateway adds it to the engine's ids):
 * never anything else of a user (phone, email). `name` is '' when the user is unknown.
 */
export const Person = z.object({
  id: z.string(),
  name: z.string(),
  username: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  badge: z.nullable(z.enum(BADGES)),
});
export type Person = z.infer<typeof Person>;

/** A Person's fields after an id (a room's player, a history row's player). */
export const PersonFields = {
  name: Person.shape.name,
  username: Person.shape.username,
  avatar: Person.shape.avatar,
  badge: Person.shape.badge,
};
