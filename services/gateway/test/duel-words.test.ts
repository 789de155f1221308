/** GET /duel/words: the set-word field's suggestions, from the Hangman bank only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform();
});
afterAll(async () => {
  await t?.close();
});

const words = (query: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/duel/words?${query}`, headers: token ? bearer(token) : {} });

describe('duel word suggestions', () => {
  it('needs a session', async () => {
    expect((await words('lang=en&prefix=pla')).json()).toMatchObject({ code: 'unauthorized' });
  });

  it('offers English words by prefix and Amharic words in any spelling of their sounds, at most 8', async () => {
    const { token } = await t.signIn();
    const english = (await words('lang=en&prefix=Pla', token)).json().data.words as string[];
    expect(english.length).toBeGreaterThan(0);
    expect(english.length).toBeLessThanOrEqual(8);
    for (const word of english) expect(word.startsWith('pla')).toBe(true);
    const amharic = (await words(`lang=am&prefix=${encodeURIComponent('ሳር')}`, token)).json().data.words;
    expect(amharic).toContain('ሣር');
  });

  it('refuses an unknown language or a missing prefix', async () => {
    const { token } = await t.signIn();
    for (const query of ['lang=fr&prefix=a', 'lang=en'])
      expect((await words(query, token)).json()).toMatchObject({ code: 'validation_failed' });
  });
});
