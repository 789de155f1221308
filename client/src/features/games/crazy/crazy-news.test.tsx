import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { CrazyLast as AnyLast, CrazyView } from './crazy-api.ts';

const toasts: { tone: string; message: string }[] = [];
vi.mock('../../../lib/notify.ts', () => ({
  notify: {
    info: (message: string) => void toasts.push({ tone: 'info', message }),
    warning: (message: string) => void toasts.push({ tone: 'warning', message }),
    success: (message: string) => void toasts.push({ tone: 'success', message }),
    error: (message: string) => void toasts.push({ tone: 'error', message }),
  },
}));

const { i18n } = await import('../../../lib/i18n.ts');
const { crazyViewSchema } = await import('./crazy-api.ts');
const { newsOf, newsText, useCrazyNews } = await import('./crazy-news.ts');
const { aCrazyView, card } = await import('./crazy-fixtures.ts');
type CrazyLast = NonNullable<CrazyView['last']>;

/** Sara (u-2) is the viewer; Abebe (u-1) and Dawit (u-3) play with her. */
const ME = 'u-2';
const NAMES: Record<string, string> = { 'u-1': 'Abebe', 'u-2': 'Sara', 'u-3': 'Dawit' };
const nameOf = (id: string | undefined) => (id ? (NAMES[id] ?? '?') : '');
/** A `last` of any kind, also one this client does not know (a newer server's). */
const last = (fields: Omit<Partial<AnyLast>, 'kind'> & { kind: string; by: string }): CrazyLast =>
  ({ seq: 10, at: '2026-03-02T06:10:00.000Z', ...fields }) as CrazyLast;

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('crazy');
});
afterAll(() => i18n.changeLanguage('en'));
beforeEach(() => {
  toasts.length = 0;
});

describe('what the Crazy table announces', () => {
  it.each([
    ['a catch between others', last({ kind: 'caught', by: 'u-3', target: 'u-1', count: 2 }), 'caught', 'info'],
    ['a catch on me', last({ kind: 'caught', by: 'u-3', target: ME, count: 2 }), 'caughtYou', 'warning'],
    ['my own catch', last({ kind: 'caught', by: ME, target: 'u-1', count: 2 }), 'youCaught', 'info'],
    ['a false call between others', last({ kind: 'false_call', by: 'u-1', target: 'u-3', count: 1 }), 'falseCall', 'info'],
    ['a false call on me', last({ kind: 'false_call', by: 'u-1', target: ME, count: 1 }), 'falseCallOnYou', 'info'],
    ['my own false call', last({ kind: 'false_call', by: ME, target: 'u-1', count: 1 }), 'yourFalseCall', 'warning'],
    ['Qeregn', last({ kind: 'qeregn', by: 'u-1' }), 'qeregn', 'info'],
    ['a chain taken', last({ kind: 'penalty_taken', by: 'u-1', count: 4 }), 'penaltyTaken', 'info'],
    [
      'a suit chosen',
      last({ kind: 'played', by: 'u-1', cards: [card('8', 'clubs')], effect: 'suit_choice', suit: 'spades' }),
      'suitChosen',
      'info',
    ],
    [
      'a 7 that skips me',
      last({ kind: 'played', by: 'u-1', cards: [card('7', 'hearts')], effect: 'skip', skipped: ME }),
      'skippedYou',
      'warning',
    ],
    [
      'a 7 that skips another',
      last({ kind: 'played', by: 'u-1', cards: [card('7', 'hearts')], effect: 'skip', skipped: 'u-3' }),
      'skipped',
      'info',
    ],
    ['a 5', last({ kind: 'played', by: 'u-1', cards: [card('5', 'hearts')], effect: 'reverse' }), 'reversed', 'info'],
    ['a wrong card', last({ kind: 'wrong_play', by: 'u-1', reason: 'wrong_card', count: 2 }), 'wrongCard', 'info'],
    ['a false joker', last({ kind: 'wrong_play', by: 'u-1', reason: 'false_joker', count: 5 }), 'falseJoker', 'info'],
    ['a forgotten Qeregn', last({ kind: 'wrong_play', by: 'u-1', reason: 'forgot_qeregn', count: 2 }), 'forgotQeregn', 'info'],
    ['my wrong card', last({ kind: 'wrong_play', by: ME, reason: 'wrong_card', count: 2 }), 'yourWrongCard', 'warning'],
    ['my forgotten Qeregn', last({ kind: 'wrong_play', by: ME, reason: 'forgot_qeregn', count: 2 }), 'youForgotQeregn', 'warning'],
    ['a timeout that drew', last({ kind: 'timed_out', by: 'u-1', count: 1 }), 'timedOutDrew', 'info'],
    ['a timeout that drew nothing', last({ kind: 'timed_out', by: 'u-1', count: 0 }), 'timedOut', 'info'],
    ['my timeout', last({ kind: 'timed_out', by: ME, count: 1 }), 'yourTimeOutDrew', 'warning'],
    ['a player leaving', last({ kind: 'left', by: 'u-1', reason: 'left' }), 'left', 'info'],
    ['a player out on timeouts', last({ kind: 'left', by: 'u-1', reason: 'timeouts' }), 'outTimeouts', 'info'],
  ])('announces %s', (_name, given, key, tone) => {
    expect(newsOf(given, ME)).toMatchObject({ key, tone });
  });

  it.each([
    ['nothing yet', null],
    ['a plain play', last({ kind: 'played', by: 'u-1', cards: [card('4', 'hearts')], effect: 'none' })],
    ['a draw', last({ kind: 'drew', by: 'u-1', count: 1 })],
    ['a pass', last({ kind: 'passed', by: 'u-1' })],
    ['my own Qeregn', last({ kind: 'qeregn', by: ME })],
    ['my own suit change', last({ kind: 'played', by: ME, cards: [card('8', 'clubs')], effect: 'suit_choice', suit: 'spades' })],
    ['my own penalty', last({ kind: 'penalty_taken', by: ME, count: 2 })],
    ['something a newer server tells', last({ kind: 'fireworks', by: 'u-1' })],
  ])('stays quiet about %s', (_name, given) => {
    expect(newsOf(given, ME)).toBeNull();
  });

  it('once the game is over, the winning card’s effect is not news; a player leaving still is', () => {
    const winning = last({ kind: 'played', by: 'u-1', cards: [card('8', 'clubs')], effect: 'suit_choice', suit: 'spades' });
    expect(newsOf(winning, ME, true)).toBeNull();
    expect(newsOf(last({ kind: 'left', by: 'u-1', reason: 'left' }), ME, true)).toMatchObject({ key: 'left' });
  });

  it('says it with names, counts, cards and suits, in English and in Amharic', async () => {
    const t = i18n.getFixedT('en', 'crazy');
    const say = (given: CrazyLast) => newsText(newsOf(given, ME)!, t, nameOf);
    expect(say(last({ kind: 'caught', by: 'u-3', target: ME, count: 2 }))).toBe('Dawit caught you: Crazy! You draw 2 cards');
    expect(say(last({ kind: 'caught', by: 'u-3', target: 'u-1', count: 2 }))).toBe('Dawit caught Abebe: Crazy! Abebe draws 2 cards');
    expect(say(last({ kind: 'false_call', by: ME, target: 'u-1', count: 1 }))).toBe('Your Crazy call on Abebe was false: you draw 1 card');
    expect(say(last({ kind: 'penalty_taken', by: 'u-1', count: 4 }))).toBe('Abebe took 4 penalty cards');
    expect(say(last({ kind: 'played', by: 'u-1', cards: [card('J', 'diamonds')], effect: 'suit_choice', suit: 'spades' }))).toBe(
      'Abebe played J♦ and changed the suit to ♠ Spades',
    );
    expect(say(last({ kind: 'played', by: 'u-3', cards: [card('7', 'clubs')], effect: 'skip', skipped: ME }))).toBe(
      'Dawit played 7♣: your turn is skipped',
    );

    await i18n.loadLanguages('am');
    await i18n.loadNamespaces('crazy');
    const am = i18n.getFixedT('am', 'crazy');
    const sayAm = (given: CrazyLast) => newsText(newsOf(given, ME)!, am, nameOf);
    expect(sayAm(last({ kind: 'caught', by: 'u-3', target: ME, count: 2 }))).toBe('Dawit «ክሪዚ» ብለው ያዙዎት፤ እርስዎ 2 ካርታዎች ሳቡ');
    expect(sayAm(last({ kind: 'qeregn', by: 'u-1' }))).toBe('Abebe «ቀረኝ» አሉ፤ አንድ ካርታ ብቻ ቀርቷቸዋል');
    expect(sayAm(last({ kind: 'played', by: 'u-1', cards: [card('8', 'clubs')], effect: 'suit_choice', suit: 'hearts' }))).toBe(
      'Abebe 8♣ ጣሉ፤ ዓይነቱን ወደ ♥ ልብ ቀየሩ',
    );
  });
});

describe('the table’s toasts', () => {
  const viewWith = (given: CrazyLast | null) => aCrazyView({ last: given });

  it('keeps quiet about what was on the table when it opened, then tells each new thing once', () => {
    const { rerender } = renderHook(({ view }) => useCrazyNews(view, ME, nameOf), {
      initialProps: { view: viewWith(last({ kind: 'qeregn', by: 'u-1', seq: 7 })) },
    });
    expect(toasts).toEqual([]);

    rerender({ view: viewWith(last({ kind: 'caught', by: 'u-3', target: ME, count: 2, seq: 9 })) });
    expect(toasts).toEqual([{ tone: 'warning', message: 'Dawit caught you: Crazy! You draw 2 cards' }]);

    // The same news again (a re-render, a push crossing the move's answer), or older news: nothing more.
    rerender({ view: viewWith(last({ kind: 'caught', by: 'u-3', target: ME, count: 2, seq: 9 })) });
    rerender({ view: viewWith(last({ kind: 'qeregn', by: 'u-1', seq: 8 })) });
    expect(toasts).toHaveLength(1);

    rerender({ view: viewWith(last({ kind: 'penalty_taken', by: 'u-1', count: 4, seq: 12 })) });
    expect(toasts.at(-1)).toEqual({ tone: 'info', message: 'Abebe took 4 penalty cards' });
    // A new number with nothing worth saying (a draw) is passed over quietly.
    rerender({ view: viewWith(last({ kind: 'drew', by: 'u-1', count: 1, seq: 13 })) });
    expect(toasts).toHaveLength(2);
  });

  it('waits for the first view before deciding what is old news', () => {
    const { rerender } = renderHook(({ view }) => useCrazyNews(view, ME, nameOf), {
      initialProps: { view: null as ReturnType<typeof viewWith> | null },
    });
    rerender({ view: viewWith(null) });
    rerender({ view: viewWith(last({ kind: 'qeregn', by: 'u-1', seq: 3 })) });
    expect(toasts).toEqual([{ tone: 'info', message: 'Abebe said Qeregn: one card left' }]);
  });

  it('reads the engine’s news from a view, and drops news it cannot read rather than the view', () => {
    const engineShaped = {
      kind: 'played',
      seq: 5,
      at: '2026-03-02T06:10:00.000Z',
      by: 'u-1',
      cards: [card('8', 'clubs')],
      effect: 'suit_choice',
      suit: 'spades',
    };
    expect(crazyViewSchema.parse({ ...aCrazyView(), last: engineShaped }).last).toEqual(engineShaped);
    const garbled = crazyViewSchema.safeParse({ ...aCrazyView(), last: { kind: 7 } });
    expect(garbled.success && garbled.data.last).toBeNull();
    expect(crazyViewSchema.parse(aCrazyView()).last).toBeNull();
  });
});
