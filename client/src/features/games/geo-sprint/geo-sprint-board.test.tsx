import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { GeoSprintPlay, GeoSprintQuestion, GeoSprintResult } from '@qal/events/contracts';
import { i18n } from '../../../lib/i18n.ts';
import { CategoryPicker, GeoSprintBoard, RoundSummary, type Language } from './geo-sprint-board.tsx';
import { choiceOfKey, stageOf } from './geo-sprint-stage.ts';

beforeAll(async () => {
  await i18n.loadNamespaces(['geo-sprint', 'arcade']);
  await i18n.loadLanguages('am');
});
afterEach(cleanup);

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

const question = (overrides: Partial<GeoSprintQuestion> = {}): GeoSprintQuestion => ({
  index: 0,
  category: 'ethiopia',
  difficulty: 'easy',
  en: { question: 'What is the capital city of Ethiopia?', options: ['Addis Ababa', 'Adama', 'Gondar', 'Hawassa'] },
  am: { question: 'የኢትዮጵያ ዋና ከተማ የትኛው ነው?', options: ['አዲስ አበባ', 'አዳማ', 'ጎንደር', 'ሀዋሳ'] },
  shownAt: at(0),
  deadline: at(15_000),
  removed: [],
  hint: null,
  ...overrides,
});

const result = (overrides: Partial<GeoSprintResult> = {}): GeoSprintResult => ({
  index: 0,
  id: 'et-001',
  category: 'ethiopia',
  difficulty: 'easy',
  en: {
    question: 'What is the capital city of Ethiopia?',
    options: ['Addis Ababa', 'Adama', 'Gondar', 'Hawassa'],
    explanation: 'Addis Ababa is Ethiopia’s capital and hosts the African Union.',
  },
  am: {
    question: 'የኢትዮጵያ ዋና ከተማ የትኛው ነው?',
    options: ['አዲስ አበባ', 'አዳማ', 'ጎንደር', 'ሀዋሳ'],
    explanation: 'አዲስ አበባ የኢትዮጵያ ዋና ከተማ ናት።',
  },
  source: 'https://en.wikipedia.org/wiki/Addis_Ababa',
  answer: 0,
  choice: 2,
  correct: false,
  points: { base: 0, speed: 0, streak: 0, total: 0 },
  streak: 0,
  at: at(3000),
  removed: [],
  hint: null,
  ...overrides,
});

const play = (overrides: Partial<GeoSprintPlay> = {}): GeoSprintPlay => ({
  category: 'mixed',
  questionCount: 10,
  secondsPerQuestion: 15,
  rightToWin: 5,
  position: 0,
  current: question(),
  nextAt: null,
  results: [],
  lifelines: { fiftyFifty: true, geoHint: true },
  score: 0,
  right: 0,
  streak: 0,
  bestStreak: 0,
  draw: null,
  ...overrides,
});

/** During a result's reveal: question 2 is current on the server but not shown until 9 s. */
const revealing = () => play({ position: 1, current: null, nextAt: at(9000), results: [result()] });

function renderBoard(p: GeoSprintPlay, { now = 1000, busy = false, language = 'en' as Language } = {}) {
  const handlers = { onAnswer: vi.fn(), onFiftyFifty: vi.fn(), onHint: vi.fn(), onNext: vi.fn() };
  render(
    <GeoSprintBoard play={p} language={language} busy={busy} now={T0 + now} countdown={<span data-testid="countdown" />} {...handlers} />,
  );
  return handlers;
}

describe('what the board shows when (pure)', () => {
  it('the question until its deadline, then time up until the server moves on', () => {
    expect(stageOf(play(), T0 + 14_999)).toMatchObject({ kind: 'question', msLeft: 1 });
    expect(stageOf(play(), T0 + 15_000).kind).toBe('time_up');
  });

  it('the last result until the next question shows, then waiting for the server', () => {
    expect(stageOf(revealing(), T0 + 4000)).toMatchObject({ kind: 'reveal', msToNext: 5000 });
    expect(stageOf(revealing(), T0 + 9000).kind).toBe('waiting');
    expect(stageOf(play({ position: 10, current: null, draw: { plan: [], pools: [], fiftyFifty: [] } }), T0).kind).toBe('over');
  });

  it('reads 1–4 and A–D as the four options', () => {
    expect(['1', '2', '3', '4', 'a', 'B', 'c', 'D'].map(choiceOfKey)).toEqual([0, 1, 2, 3, 0, 1, 2, 3]);
    expect(choiceOfKey('5')).toBeNull();
    expect(choiceOfKey('e')).toBeNull();
    expect(choiceOfKey('Enter')).toBeNull();
  });
});

describe('the Geo Sprint board', () => {
  it('shows the progress, the question and four answer buttons; a tap answers the current question', () => {
    const { onAnswer } = renderBoard(play({ position: 2, current: question({ index: 2 }) }));
    expect(screen.getByTestId('geo-progress').textContent).toBe('3/10');
    expect(screen.getByLabelText('Question 3 of 10')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What is the capital city of Ethiopia?' })).toBeTruthy();
    expect(screen.getAllByRole('button').filter((b) => b.dataset.testid?.startsWith('option-'))).toHaveLength(4);
    expect(screen.getByTestId('countdown')).toBeTruthy();
    fireEvent.click(screen.getByTestId('option-1'));
    expect(onAnswer).toHaveBeenCalledWith(2, 1);
  });

  it('shows the question in Amharic on Amharic pages', () => {
    renderBoard(play(), { language: 'am' });
    expect(screen.getByText('የኢትዮጵያ ዋና ከተማ የትኛው ነው?')).toBeTruthy();
    expect(screen.getByTestId('option-0').textContent).toContain('አዲስ አበባ');
  });

  it('answers from the keyboard: 1–4 or A–D, never a removed option', () => {
    const { onAnswer } = renderBoard(play({ current: question({ removed: [1, 3] }) }));
    fireEvent.keyDown(window, { key: '2' });
    expect(onAnswer).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'c' });
    expect(onAnswer).toHaveBeenCalledWith(0, 2);
  });

  it('the 50/50 greys out the two options it took away; a used lifeline cannot be tapped again', () => {
    const handlers = renderBoard(play({ current: question({ removed: [1, 3] }), lifelines: { fiftyFifty: false, geoHint: true } }));
    expect((screen.getByTestId('option-1') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('option-3') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('option-0') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('fifty-fifty') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('geo-hint'));
    expect(handlers.onHint).toHaveBeenCalledWith(0);
  });

  it('asks for the 50/50 on the current question', () => {
    const { onFiftyFifty } = renderBoard(play({ position: 4, current: question({ index: 4 }) }));
    fireEvent.click(screen.getByTestId('fifty-fifty'));
    expect(onFiftyFifty).toHaveBeenCalledWith(4);
  });

  it('shows the hint in the page’s language', () => {
    const hint = { en: { kind: 'starts', text: 'A' }, am: { kind: 'not', text: 'ጎንደር' } } as const;
    renderBoard(play({ current: question({ hint }), lifelines: { fiftyFifty: true, geoHint: false } }));
    expect(screen.getByTestId('geo-hint-text').textContent).toContain('The answer starts with “A”.');
    cleanup();
    renderBoard(play({ current: question({ hint }) }), { language: 'am' });
    expect(screen.getByTestId('geo-hint-text').textContent).toContain('መልሱ «ጎንደር» አይደለም።');
  });

  it('locks the answers once the time is up, and while a move is on its way', () => {
    renderBoard(play(), { now: 15_000 });
    expect(screen.getByTestId('geo-time-up')).toBeTruthy();
    expect((screen.getByTestId('option-0') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    const { onAnswer } = renderBoard(play(), { busy: true });
    expect((screen.getByTestId('option-0') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: '1' });
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it('during the reveal shows the result with the answer and the explanation, not the next question; Next goes on', () => {
    const { onNext } = renderBoard(revealing(), { now: 4000 });
    expect(screen.queryByTestId('geo-question')).toBeNull();
    expect(screen.getByTestId('geo-verdict').textContent).toContain('Wrong');
    expect(screen.getByTestId('geo-answer').textContent).toContain('Addis Ababa');
    expect(screen.getByTestId('geo-explanation').textContent).toContain('African Union');
    expect(screen.getByTestId('geo-progress').textContent).toBe('2/10');
    expect(screen.getByTestId('next-question').textContent).toContain('5');
    fireEvent.click(screen.getByTestId('next-question'));
    expect(onNext).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(onNext).toHaveBeenCalledTimes(2);
  });

  it('shows a right answer’s points and the streak', () => {
    const right = result({ choice: 0, correct: true, points: { base: 100, speed: 40, streak: 10, total: 150 }, streak: 2 });
    renderBoard(play({ position: 1, current: null, nextAt: at(9000), results: [right], score: 250, streak: 2 }), { now: 4000 });
    expect(screen.getByTestId('geo-verdict').textContent).toContain('Right!');
    expect(screen.getByTestId('geo-verdict').textContent).toContain('+150 points');
    expect(screen.getByTestId('geo-score').textContent).toBe('250');
    expect(screen.getByTestId('geo-streak').textContent).toBe('Streak: 2');
  });

  it('says the question timed out when no answer came', () => {
    renderBoard(play({ position: 1, current: null, nextAt: at(9000), results: [result({ choice: null })] }), { now: 4000 });
    expect(screen.getByTestId('geo-verdict').textContent).toContain('Time ran out');
  });
});

describe('around the board', () => {
  it('the category picker offers the three categories and the mix', () => {
    const onChange = vi.fn();
    render(<CategoryPicker value="mixed" onChange={onChange} />);
    expect((screen.getByTestId('category-mixed') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByTestId('category-africa'));
    expect(onChange).toHaveBeenCalledWith('africa');
  });

  it('the summary counts the right answers and lists every question with its answer', () => {
    const results = Array.from({ length: 10 }, (_, index) => result({ index, correct: index < 6, choice: index < 6 ? 0 : 1 }));
    render(<RoundSummary play={play({ position: 10, current: null, results, right: 6, bestStreak: 6 })} language="en" />);
    expect(screen.getByTestId('summary-right').textContent).toBe('6 of 10');
    expect(screen.getAllByText('Addis Ababa')).toHaveLength(10);
  });
});
