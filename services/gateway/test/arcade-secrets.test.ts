import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchStreamId } from '@qal/events';
import { startLoggedPlatform, type LoggedPlatform } from './support/logged-platform.ts';

/**
 * An arcade game's secrets (its server seed, and what the seed drew: a code, mines, digits, problems, a sequence,
 * questions) never reach a player before the game ends, in any answer, and never reach the log (at the most verbose
 * level, every service logging into one captured stream).
 */
let t: LoggedPlatform;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await startLoggedPlatform('qal-arcade-secrets-');
  headers = await t.signIn('+251911223355');
});
afterAll(async () => {
  await t?.close();
});

interface Case {
  readonly game: string;
  readonly options: Record<string, unknown>;
  /** A move that does not end the game (answers after it are checked too). */
  readonly move: Record<string, unknown>;
  /** What of the start event must not show, as text, before the end. */
  readonly secrets: (start: Record<string, unknown>) => string[];
}

const CASES: readonly Case[] = [
  {
    game: 'codebreaker',
    options: { level: 'medium' },
    move: { type: 'guess_code', digits: '0000' },
    secrets: (s) => [`"${String(s.code)}"`],
  },
  { game: 'mines', options: { mines: 5 }, move: { type: 'cash_out' }, secrets: (s) => [JSON.stringify(s.mines), '"mines":['] },
  { game: 'sum-chaser', options: {}, move: { type: 'cash_out' }, secrets: (s) => [JSON.stringify(s.digits), '"digits":['] },
  { game: 'math-sprint', options: { level: 'hard' }, move: { type: 'math_answer', problem: 1, value: 1 }, secrets: () => ['"answer":'] },
  {
    game: 'rapid-recall',
    options: { kind: 'fidel' },
    move: { type: 'recall', round: 1, items: ['ሀ'] },
    secrets: () => ['"sequences"', '"items":['],
  },
  {
    game: 'geo-sprint',
    options: { category: 'ethiopia' },
    move: { type: 'answer', question: 5, choice: 0 },
    secrets: (s) => ['"answer":', '"pools"', JSON.stringify(s.fiftyFifty)],
  },
];

describe('the arcade’s secrets', () => {
  for (const { game, options, move, secrets } of CASES) {
    it(`${game}: nothing the seed drew, and not the seed, before the end; never in the log`, async () => {
      const started = await t.qal.app.inject({ method: 'POST', url: `/api/v1/games/${game}/play`, headers, payload: { options } });
      expect(started.statusCode, started.body).toBe(200);
      const { matchId } = started.json().data as { matchId: string };
      const stored = await t.platform.store.readStream(matchStreamId(matchId));
      const serverSeed = String(stored.find((e) => e.type === 'ArcadeRequested')!.data.serverSeed);
      const start = stored.find((e) => e.type !== 'ArcadeRequested')!.data;
      const answers = [started.body];
      answers.push((await t.qal.app.inject({ method: 'POST', url: `/api/v1/matches/${matchId}/moves`, headers, payload: move })).body);
      answers.push((await t.qal.app.inject({ method: 'GET', url: `/api/v1/matches/${matchId}`, headers })).body);
      const view = JSON.parse(answers.at(-1)!).data.view as { status: string };
      expect(view.status).toBe('playing');
      for (const answer of answers) {
        expect(answer).not.toContain(serverSeed);
        for (const secret of secrets(start)) expect(answer).not.toContain(secret);
      }
      const log = t.lines.join('');
      expect(log).toContain(matchId);
      expect(log).not.toContain(serverSeed);
      expect(log).not.toContain('"serverSeed"');
    });
  }
});
