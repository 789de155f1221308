import * as z from 'zod/mini';
import { api, newIdempotencyKey } from '../../lib/api-client.ts';

const localized = z.object({ en: z.string(), am: z.string() });

const optionsSchema = z.object({
  cost: z.number(),
  dailyPlayLimit: z.nullable(z.number()),
  languages: z.array(
    z.object({
      language: z.enum(['en', 'am']),
      categories: z.array(z.object({ id: z.string(), label: localized })),
      difficulties: z.array(z.object({ id: z.string(), label: localized })),
      keys: z.array(z.string()),
    }),
  ),
});
export type HangmanOptions = z.infer<typeof optionsSchema>;
export type LanguageOptions = HangmanOptions['languages'][number];

/** What the server shows of a game: the word only once it is over. */
export const viewSchema = z.object({
  matchId: z.string(),
  status: z.enum(['playing', 'won', 'lost']),
  language: z.enum(['en', 'am']),
  category: z.string(),
  difficulty: z.string(),
  slots: z.array(z.nullable(z.string())),
  guessed: z.array(z.string()),
  missed: z.array(z.string()),
  wrongGuesses: z.number(),
  livesLeft: z.number(),
  hintsLeft: z.number(),
  startedAt: z.string(),
  deadline: z.string(),
  word: z.optional(z.string()),
  score: z.optional(z.number()),
  tokensWon: z.optional(z.number()),
  xpWon: z.optional(z.number()),
  lossReason: z.optional(z.enum(['lives', 'time'])),
});
export type HangmanView = z.infer<typeof viewSchema>;

const startedSchema = z.object({ matchId: z.string(), view: viewSchema });
const viewOnlySchema = z.object({ view: viewSchema });
const currentSchema = z.object({
  match: z.nullable(startedSchema),
  plays: z.object({ day: z.string(), played: z.number(), limit: z.number() }),
});
export type CurrentGame = z.infer<typeof currentSchema>;

export type GameSetup = { language: 'en' | 'am'; category?: string; difficulty?: string };
export type Move = { type: 'guess'; letter: string } | { type: 'hint' };

export function fetchHangmanOptions(signal?: AbortSignal): Promise<HangmanOptions> {
  return api.request('/games/hangman/options', optionsSchema, { auth: false, signal });
}

export function fetchCurrentGame(signal?: AbortSignal): Promise<CurrentGame> {
  return api.request('/games/hangman/current', currentSchema, { requireSession: true, signal });
}

/** Starts a paid game. The key makes a retried request the same game, charged once. */
export function startHangman(setup: GameSetup, idempotencyKey: string = newIdempotencyKey()) {
  return api.request('/games/hangman/play', startedSchema, { method: 'POST', body: setup, requireSession: true, idempotencyKey });
}

export async function sendMove(matchId: string, move: Move, idempotencyKey: string = newIdempotencyKey()): Promise<HangmanView> {
  const data = await api.request(`/matches/${encodeURIComponent(matchId)}/moves`, viewOnlySchema, {
    method: 'POST',
    body: move,
    requireSession: true,
    idempotencyKey,
  });
  return data.view;
}

export async function fetchMatch(matchId: string): Promise<HangmanView> {
  const data = await api.request(`/matches/${encodeURIComponent(matchId)}`, viewOnlySchema, { requireSession: true });
  return data.view;
}
