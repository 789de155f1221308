import * as z from 'zod/mini';
import {
  ArcadePlayAnswer,
  ArcadeView,
  CurrentArcade,
  FairnessProfile,
  FinishedArcadeGames,
  type FinishedArcadeGame,
} from '@qal/events/contracts';
import { api, newIdempotencyKey } from '../api-client.ts';

/**
 * The calls every arcade game (a single-player game paid at its start, provably fair, timed by the server) makes:
 * start, move, read. A game's page gives its own options and moves; the view's `play` is the game's own part,
 * which the page parses with its game's schema (@qal/events/contracts, contracts/arcade/<game>.ts).
 */
export type { ArcadeView, CurrentArcade, FairnessProfile, FinishedArcadeGame };

const viewOnly = z.object({ view: ArcadeView });
const path = (matchId: string) => `/matches/${encodeURIComponent(matchId)}`;

/** Starts a paid game of `slug`. The key makes a retried request the same game, charged once. */
export function startArcade(slug: string, options: object, idempotencyKey: string = newIdempotencyKey()): Promise<ArcadePlayAnswer> {
  return api.request(`/games/${encodeURIComponent(slug)}/play`, ArcadePlayAnswer, {
    method: 'POST',
    body: { options },
    requireSession: true,
    idempotencyKey,
  });
}

/** The player's game of `slug` in progress, if any, and today's plays against the limit. */
export function fetchCurrentArcade(slug: string, signal?: AbortSignal): Promise<CurrentArcade> {
  return api.request(`/games/${encodeURIComponent(slug)}/current`, CurrentArcade, { requireSession: true, signal });
}

/** A move (`{ type, …fields }`, the game's own); answers the view after it, or throws the named rejection. */
export async function sendArcadeMove(
  matchId: string,
  move: { type: string },
  idempotencyKey: string = newIdempotencyKey(),
): Promise<ArcadeView> {
  const data = await api.request(`${path(matchId)}/moves`, viewOnly, { method: 'POST', body: move, requireSession: true, idempotencyKey });
  return data.view;
}

/** The match as the server shows it now (items whose time has come, a question's deadline passed). */
export async function fetchArcadeMatch(matchId: string, signal?: AbortSignal): Promise<ArcadeView> {
  const data = await api.request(path(matchId), viewOnly, { requireSession: true, signal });
  return data.view;
}

export function fetchFairness(signal?: AbortSignal): Promise<FairnessProfile> {
  return api.request('/fairness', FairnessProfile, { requireSession: true, signal });
}

export function setClientSeed(clientSeed: string): Promise<FairnessProfile> {
  return api.request('/fairness/client-seed', FairnessProfile, { method: 'PUT', body: { clientSeed }, requireSession: true });
}

/** The player's latest finished arcade games, newest first (the fairness page verifies one). */
export async function fetchFinishedArcadeGames(signal?: AbortSignal): Promise<FinishedArcadeGame[]> {
  return (await api.request('/fairness/games', FinishedArcadeGames, { requireSession: true, signal })).games;
}
