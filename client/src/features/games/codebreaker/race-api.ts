import * as z from 'zod/mini';
import { CodeRaceReplay, CodeRaceView } from '@qal/events/contracts';
import { api, newIdempotencyKey } from '../../../lib/api-client.ts';

/** A room's Codebreaker race: this player's view (`match:<id>:<me>`, GET /matches/{id}, every move's answer). */
export type { CodeRaceView, CodeRaceReplay };
export type RaceMove = { type: 'guess_code'; digits: string } | { type: 'code_hint' };

const viewOnly = z.object({ view: CodeRaceView });

export const parseRaceView = (data: unknown): CodeRaceView | null => {
  const parsed = CodeRaceView.safeParse(data);
  return parsed.success ? parsed.data : null;
};

export async function fetchRaceView(matchId: string, signal?: AbortSignal): Promise<CodeRaceView> {
  return (await api.request(`/matches/${encodeURIComponent(matchId)}`, viewOnly, { requireSession: true, signal })).view;
}

export async function sendRaceMove(matchId: string, move: RaceMove): Promise<CodeRaceView> {
  const path = `/matches/${encodeURIComponent(matchId)}/moves`;
  return (await api.request(path, viewOnly, { method: 'POST', body: move, requireSession: true, idempotencyKey: newIdempotencyKey() }))
    .view;
}

export function parseRaceReplay(raw: unknown): CodeRaceReplay | null {
  const parsed = CodeRaceReplay.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
