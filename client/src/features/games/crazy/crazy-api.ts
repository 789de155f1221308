import * as z from 'zod/mini';
import {
  CrazyLastView,
  CrazyReplay,
  CrazyView as CrazyViewContract,
  type CrazyReplayStep as CrazyReplayStepContract,
  type Suit,
} from '@qal/events/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client.ts';

/*
 * Crazy's view and moves: the per-player view (@qal/events contracts/crazy.ts, built by the engine's view.ts), pushed
 * on `match:<id>:<me>` and answered by `GET /matches/{id}` and every move.
 */

/**
 * The view as the table parses it: the contract, except that a news item (`last`) the table cannot read is dropped,
 * never the whole view.
 */
export const crazyViewSchema = z.extend(CrazyViewContract, { last: z.catch(z.nullable(CrazyLastView), null) });

/** Fields the pages read that the server does not send (yet): optional, so they stay harmless until it does. */
interface Unsent {
  /** The viewer's net tokens once finished (the pages fall back to the history row). */
  readonly tokens?: number | null;
}
export type CrazyView = CrazyViewContract & Unsent;

/** Every field of any kind of `last`, optional, so the news can read them whatever the kind. */
type AnyFieldOf<U> = { [K in U extends unknown ? keyof U : never]?: U extends { readonly [k in K]?: infer V } ? V : never };
/** The latest thing at the table worth telling (the engine's view.last): see CrazyLastView. */
export type CrazyLast = Pick<CrazyLastView, 'kind' | 'seq' | 'at' | 'by'> & AnyFieldOf<CrazyLastView>;
export type CrazyPlayer = CrazyView['players'][number];

export type CrazyMove =
  | { type: 'play'; cards: string[]; suit?: Suit }
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

/** A finished match's replay: every step's view with every hand shown. */
export const crazyReplaySchema = CrazyReplay;
export type CrazyReplayStep = CrazyReplayStepContract;
export type { CrazyReplay };
