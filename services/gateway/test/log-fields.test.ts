import { expect, it } from 'vitest';
import { logMentionsWord } from '../src/testing/log-fields.ts';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, ...fields });

it('finds a secret word among a log line’s fields, but not in its fixed message or inside a longer word', () => {
  expect(logMentionsWord(line({ msg: 'game engine started' }), 'engine')).toBe(false);
  expect(logMentionsWord(line({ msg: 'request completed', responseTime: 3 }), 'time')).toBe(false);
  expect(logMentionsWord(line({ msg: 'move', letter: 'e', guess: 'engine' }), 'engine')).toBe(true);
  expect(logMentionsWord(`${line({ msg: 'ok' })}\nplain text with engine in it`, 'engine')).toBe(true);
  expect(logMentionsWord(line({ msg: 'ቃል ገባ' }), 'ቃል')).toBe(true);
});
