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

it('does not take a field’s name, a route’s path or the host’s name for a secret word, but finds one in a query', () => {
  expect(logMentionsWord(line({ msg: 'hangman started', language: 'en' }), 'language')).toBe(false);
  expect(logMentionsWord(line({ msg: 'incoming request', req: { url: '/api/v1/stats/player/a6' } }), 'player')).toBe(false);
  expect(logMentionsWord(line({ msg: 'ledger started', hostname: 'harbour', service: 'ledger' }), 'harbour')).toBe(false);
  expect(logMentionsWord(line({ msg: 'incoming request', req: { url: '/api/v1/rooms?name=harbour' } }), 'harbour')).toBe(true);
  expect(logMentionsWord(line({ msg: 'move', guesses: ['e', 'harbour'] }), 'harbour')).toBe(true);
});
