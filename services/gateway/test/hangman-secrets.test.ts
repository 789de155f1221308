import { afterAll, beforeAll, expect, it } from 'vitest';
import { hangman } from '@qal/game-engine';
import { logMentionsWord } from '../src/testing/log-fields.ts';
import { startLoggedPlatform, type LoggedPlatform } from './support/logged-platform.ts';

/**
 * The word is the one secret of a Hangman game: until the game is over it must not appear in any answer, and never
 * in the log (at the most verbose level, every service logging into one captured stream).
 */
let t: LoggedPlatform;

beforeAll(async () => {
  t = await startLoggedPlatform('qal-secrets-');
});
afterAll(async () => {
  await t?.close();
});

const keysOf = (language: 'en' | 'am', word: string) => [
  ...new Set([...word].map((c) => hangman.keyOfCharacter(language, c)).filter((k): k is string => k !== null)),
];

it('never puts the word in an answer before the end, nor in any log line', async () => {
  const headers = await t.signIn('+251911223344');

  for (const language of ['en', 'am'] as const) {
    const started = await t.qal.app.inject({ method: 'POST', url: '/api/v1/games/hangman/play', headers, payload: { language } });
    const { matchId } = started.json().data as { matchId: string };
    const word = String((await t.platform.store.readStream(`match-${matchId}`)).find((e) => e.type === 'HangmanStarted')?.data.word);
    const answers = [started.body];
    const keys = keysOf(language, word);
    for (const key of keys.slice(0, -1)) {
      answers.push(
        (
          await t.qal.app.inject({
            method: 'POST',
            url: `/api/v1/matches/${matchId}/moves`,
            headers,
            payload: { type: 'guess', letter: key },
          })
        ).body,
      );
      answers.push((await t.qal.app.inject({ method: 'GET', url: `/api/v1/matches/${matchId}`, headers })).body);
    }
    for (const answer of answers) expect(answer).not.toContain(`"word":`);
    const last = await t.qal.app.inject({
      method: 'POST',
      url: `/api/v1/matches/${matchId}/moves`,
      headers,
      payload: { type: 'guess', letter: keys.at(-1)! },
    });
    expect(last.json().data.view).toMatchObject({ status: 'won', word });

    const log = t.lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain(matchId);
    expect(log).not.toContain('"word"');
    expect(log).not.toContain('"seed"');
    expect(logMentionsWord(t.lines.join('\n'), word)).toBe(false);
  }
});
