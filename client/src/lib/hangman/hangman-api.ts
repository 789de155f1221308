import * as z from 'zod/mini';
import { CurrentHangman, HangmanPlayAnswer, HangmanView } from '@qal/events/contracts';
import { api, newIdempotencyKey } from '../api-client.ts';

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
      /** Amharic: each key's sound-alike letters and every fidel it guesses (absent from an older server's answer). */
      families: z.optional(z.array(z.object({ key: z.string(), soundAlikes: z.array(z.string()), fidel: z.array(z.string()) }))),
    }),
  ),
});
export type HangmanOptions = z.infer<typeof optionsSchema>;
export type LanguageOptions = HangmanOptions['languages'][number];

/** What the server shows of a game (@qal/events contracts/hangman.ts): the word only once it is over. */
export type { HangmanView };

const viewOnlySchema = z.object({ view: HangmanView });
export type CurrentGame = CurrentHangman;

export type GameSetup = { language: 'en' | 'am'; category?: string; difficulty?: string };
export type Move = { type: 'guess'; letter: string } | { type: 'hint' };

const duelWordsSchema = z.object({ words: z.array(z.string()) });

/** Bank words beginning with what a duel's setter has typed (Amharic: in any spelling of the same sounds). */
export async function fetchDuelWords(language: 'en' | 'am', prefix: string, signal?: AbortSignal): Promise<readonly string[]> {
  const query = new URLSearchParams({ lang: language, prefix });
  const data = await api.request(`/duel/words?${query}`, duelWordsSchema, { requireSession: true, signal });
  return data.words;
}

export function fetchHangmanOptions(signal?: AbortSignal): Promise<HangmanOptions> {
  return api.request('/games/hangman/options', optionsSchema, { auth: false, signal });
}

export function fetchCurrentGame(signal?: AbortSignal): Promise<CurrentGame> {
  return api.request('/games/hangman/current', CurrentHangman, { requireSession: true, signal });
}

/** Starts a paid game. The key makes a retried request the same game, charged once. */
export function startHangman(setup: GameSetup, idempotencyKey: string = newIdempotencyKey()) {
  return api.request('/games/hangman/play', HangmanPlayAnswer, { method: 'POST', body: setup, requireSession: true, idempotencyKey });
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
