import * as z from 'zod/mini';
import { api, newIdempotencyKey } from '../../../lib/api-client.ts';
import { RANKS, SUITS } from './crazy-cards.ts';

/*
 * Crazy's view and moves (issue 7): the per-player view the engine's view.ts defines, pushed on
 * `match:<id>:<me>` and answered by `GET /matches/{id}` and every move. Lenient like rooms-api.ts: what the table
 * relies on is required, the rest optional, unknown fields ignored.
 */

const suit = z.enum(SUITS);
const cardSchema = z.object({ id: z.string(), suit, rank: z.enum(RANKS) });

/**
 * The latest thing at the table worth telling (the engine's view.last): who did what, with a `seq` that grows with
 * every event, so the table announces each one once. `count` is the cards it cost; `cards` the ones played.
 */
const lastSchema = z.object({
  kind: z.string(),
  seq: z.number(),
  by: z.string(),
  at: z.optional(z.string()),
  target: z.optional(z.string()),
  count: z.optional(z.number()),
  cards: z.optional(z.array(cardSchema)),
  effect: z.optional(z.string()),
  suit: z.optional(suit),
  skipped: z.optional(z.string()),
  reason: z.optional(z.string()),
});
export type CrazyLast = z.infer<typeof lastSchema>;

export const crazyViewSchema = z.object({
  mode: z.literal('crazy'),
  matchId: z.string(),
  roomCode: z.optional(z.string()),
  status: z.enum(['playing', 'finished']),
  viewerId: z.optional(z.nullable(z.string())),
  players: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      cards: z.number(),
      saidQeregn: z.optional(z.boolean()),
      timeoutsInRow: z.optional(z.number()),
    }),
  ),
  hand: z.array(cardSchema),
  counts: z.optional(z.record(z.string(), z.number())),
  deckCount: z.number(),
  pileCount: z.number(),
  top: z.nullable(cardSchema),
  suit: z.nullable(suit),
  direction: z.enum(['counterclockwise', 'clockwise']),
  penalty: z.number(),
  turn: z.nullable(z.string()),
  turnNumber: z.number(),
  deadline: z.optional(z.nullable(z.string())),
  hasDrawn: z.boolean(),
  suitLocked: z.boolean(),
  canPassWithoutDrawing: z.optional(z.boolean()),
  saidQeregn: z.optional(z.record(z.string(), z.boolean())),
  qeregnWindow: z.optional(z.nullable(z.string())),
  starter: z.optional(z.string()),
  winner: z.optional(z.nullable(z.string())),
  scores: z.optional(z.record(z.string(), z.number())),
  endReason: z.optional(z.string()),
  finishedAt: z.optional(z.string()),
  hands: z.optional(z.record(z.string(), z.array(cardSchema))),
  /** A news item the table cannot read is dropped, never the whole view. */
  last: z.optional(z.catch(z.nullable(lastSchema), null)),
  /** The viewer's net tokens once finished, when the server adds it. */
  tokens: z.optional(z.nullable(z.number())),
});
export type CrazyView = z.infer<typeof crazyViewSchema>;
export type CrazyPlayer = CrazyView['players'][number];

export type CrazyMove =
  | { type: 'play'; cards: string[]; suit?: (typeof SUITS)[number] }
  | { type: 'draw' }
  | { type: 'pass' }
  | { type: 'qeregn' }
  | { type: 'crazy'; target: string }
  | { type: 'face_penalty' };

const viewOnly = z.object({ view: z.unknown() });

/** A Crazy view when the value is one: the view itself or `{ view }` (a room's `match`, a move's answer). */
export function parseCrazyView(value: unknown): CrazyView | null {
  const direct = crazyViewSchema.safeParse(value);
  if (direct.success) return direct.data;
  const nested = viewOnly.safeParse(value);
  if (nested.success) {
    const inner = crazyViewSchema.safeParse(nested.data.view);
    if (inner.success) return inner.data;
  }
  return null;
}

/** True when `next` is not behind `current` (pushes and answers cross: turn number, then cards played). */
export function isNewerCrazy(next: CrazyView, current: CrazyView | null): boolean {
  if (!current || current.matchId !== next.matchId) return true;
  if (current.status === 'finished' && next.status !== 'finished') return false;
  if (next.status === 'finished') return true;
  if (next.turnNumber !== current.turnNumber) return next.turnNumber > current.turnNumber;
  // Within a turn the draw only happens once; anything else in a turn (a declaration, a call) has no order the view
  // shows, so the later arrival wins.
  return !(current.hasDrawn && !next.hasDrawn);
}

const path = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;

export async function fetchCrazyView(matchId: string, signal?: AbortSignal): Promise<CrazyView | null> {
  const data = await api.request(path(matchId), viewOnly, { requireSession: true, signal });
  return parseCrazyView(data.view);
}

export async function sendCrazyMove(
  matchId: string,
  move: CrazyMove,
  idempotencyKey: string = newIdempotencyKey(),
): Promise<CrazyView | null> {
  const data = await api.request(`${path(matchId)}/moves`, viewOnly, { method: 'POST', requireSession: true, body: move, idempotencyKey });
  return parseCrazyView(data.view);
}

const replayStepSchema = z.object({
  index: z.optional(z.number()),
  kind: z.string(),
  at: z.optional(z.string()),
  playerId: z.optional(z.nullable(z.string())),
  cards: z.optional(z.array(z.string())),
  count: z.optional(z.number()),
  effect: z.optional(z.string()),
  reason: z.optional(z.string()),
  targetId: z.optional(z.nullable(z.string())),
  right: z.optional(z.boolean()),
  view: crazyViewSchema,
});
export type CrazyReplayStep = z.infer<typeof replayStepSchema>;

export const crazyReplaySchema = z.object({
  matchId: z.string(),
  steps: z.array(replayStepSchema),
  players: z.optional(z.array(z.object({ id: z.string(), name: z.optional(z.nullable(z.string())) }))),
});
export type CrazyReplay = z.infer<typeof crazyReplaySchema>;
