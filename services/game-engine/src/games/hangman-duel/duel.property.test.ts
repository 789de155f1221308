/**
 * Seeded simulation: random players play whole duels through the real decider and dictionary, with wrong-turn
 * moves, invalid and duplicate words, hints, timeouts from a sweeper-like timer, leaves and the match clock. After
 * every accepted step the invariants hold; a failing seed is a reproducible bug report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HANGMAN_LANGUAGES, keysOf, type HangmanLanguage } from '../hangman/alphabet.ts';
import { testRandom, testServerSeed } from '../../fairness/testing.ts';
import { WORD_BANK } from '../hangman/words/word-bank.ts';
import { decide, evolve, fold, startEvents } from './decider.ts';
import { normaliseWord } from './dictionary.ts';
import { DuelEvent, type DuelCommand, type DuelRejection } from './messages.ts';
import { replay } from './replay.ts';
import { DUEL_DURATION_SECONDS, DUEL_LIVES, DUEL_ROOM_HINTS, DUEL_TURN_SECONDS } from './rules.ts';
import { playingIds, type DuelState } from './state.ts';
import { DuelView, viewFor } from './view.ts';

const MATCHES_PER_LANGUAGE = 150;
const STARTED_AT_MS = Date.parse('2026-03-01T09:00:00.000Z');

/** Rejections a random player may run into; anything else is a bug. */
const EXPECTED: ReadonlySet<DuelRejection> = new Set([
  'not_your_turn',
  'not_the_setter',
  'not_setting_phase',
  'not_guessing_phase',
  'invalid_word',
  'duplicate_word',
  'no_room_hints_left',
  'already_guessed',
  'not_your_match',
  'deadline_not_reached',
]);

interface Simulated {
  readonly events: DuelEvent[];
  readonly state: DuelState;
  readonly rejections: Map<string, number>;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function wordsOf(language: HangmanLanguage): string[] {
  return WORD_BANK[language].map((e) => e.word).filter((w) => normaliseWord(language, w) === w);
}

function checkInvariants(state: DuelState, previous: DuelState): void {
  expect(state.missed.length).toBeGreaterThanOrEqual(0);
  expect(state.missed.length).toBeLessThanOrEqual(DUEL_LIVES);
  expect(state.hintsUsed).toBeLessThanOrEqual(DUEL_ROOM_HINTS);
  for (const score of Object.values(state.scores)) expect(score).toBeGreaterThanOrEqual(0);
  expect(state.turn).toBeGreaterThanOrEqual(previous.turn);
  expect(new Set(state.setters).size).toBe(state.setters.length);
  expect(new Set(state.usedWords).size).toBe(state.usedWords.length);
  const remaining = playingIds(state);
  if (state.status === 'playing') {
    expect(remaining.length).toBeGreaterThanOrEqual(2);
    expect(state.currentPlayer).not.toBeNull();
    expect(remaining).toContain(state.currentPlayer);
    if (state.phase === 'setting') expect(state.currentPlayer).toBe(state.setterId);
    if (state.phase === 'guessing') expect(state.currentPlayer).not.toBe(state.setterId);
    expect(['setting', 'guessing']).toContain(state.phase);
    expect(state.missed.length).toBeLessThan(DUEL_LIVES);
    // The word reaches nobody but its setter before its round is over.
    for (const viewer of [...state.players.map((p) => p.id), null]) {
      const view = viewFor(state, viewer);
      if (viewer !== state.setterId) expect(view.word).toBeUndefined();
      if (state.phase === 'guessing') expect(view.slots).toContain(null);
    }
  } else {
    expect(state.phase).toBe('finished');
    expect(state.finishedAt).not.toBeNull();
    const best = Math.max(...remaining.map((id) => state.scores[id]!));
    expect(state.winners.length).toBeGreaterThan(0);
    for (const id of state.winners) expect(state.scores[id]).toBe(best);
    expect(new Set(state.winners)).toEqual(new Set(remaining.filter((id) => state.scores[id] === best)));
    if (state.endReason === 'players') expect(remaining.length).toBe(1);
    if (state.endReason === 'time') expect(Date.parse(state.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(state.matchDeadline));
    if (state.endReason === 'all_set') {
      for (const id of remaining) expect(state.setters).toContain(id);
      expect(Date.parse(state.finishedAt!)).toBeLessThan(Date.parse(state.matchDeadline));
    }
  }
}

function simulate(language: HangmanLanguage, seed: string): Simulated {
  const random = testRandom(`players:${seed}`);
  const words = wordsOf(language);
  const keys = keysOf(language);
  const rush = random() < 0.5;
  const playerCount = 2 + Math.floor(random() * 7);
  const players = Array.from({ length: playerCount }, (_, i) => `p${i}`);
  const events = startEvents(
    {
      matchId: `m-${seed}`,
      roomCode: 'ABC234',
      language,
      players,
      turnMs: (rush ? DUEL_TURN_SECONDS.rush : DUEL_TURN_SECONDS.normal) * 1000,
      durationMs: (rush ? DUEL_DURATION_SECONDS.rush : DUEL_DURATION_SECONDS.normal) * 1000,
      startedAt: new Date(STARTED_AT_MS).toISOString(),
    },
    testServerSeed(seed),
  );
  let state = fold(events);
  const rejections = new Map<string, number>();
  let now = STARTED_AT_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const apply = (command: DuelCommand) => {
    const outcome = decide(command, state);
    if (typeof outcome === 'string') {
      expect(EXPECTED).toContain(outcome);
      rejections.set(outcome, (rejections.get(outcome) ?? 0) + 1);
      return;
    }
    const before = state;
    for (const event of outcome) {
      const previous = state;
      state = evolve(state, event);
      events.push(event);
      // Between a command's events (e.g. the seventh miss before its RoundEnded) only the counters are checked.
      expect(state.turn).toBeGreaterThanOrEqual(previous.turn);
      expect(state.missed.length).toBeLessThanOrEqual(DUEL_LIVES);
    }
    checkInvariants(state, before);
  };
  for (let step = 0; state.status === 'playing' && step < 2_000; step++) {
    now += Math.floor(random() * (random() < 0.1 ? 40_000 : 4_000));
    // The sweeper: the match clock first, then the turn timer, each at its deadline.
    if (now >= Date.parse(state.matchDeadline)) {
      if (random() < 0.3) apply({ type: 'EndOnTime', data: { at: iso(Date.parse(state.matchDeadline) - 1) } });
      apply({ type: 'EndOnTime', data: { at: state.matchDeadline } });
      break;
    }
    if (state.turnDeadline !== null && now >= Date.parse(state.turnDeadline)) {
      const turn = state.turn;
      apply({ type: 'TimeoutTurn', data: { turn, at: state.turnDeadline } });
      if (random() < 0.2) apply({ type: 'TimeoutTurn', data: { turn, at: iso(now) } }); // a duplicate delivery
      continue;
    }
    const at = iso(now);
    const someone = pick(random, players);
    const mover = random() < 0.85 ? state.currentPlayer! : someone;
    const roll = random();
    if (roll < 0.01) {
      apply({ type: 'RemovePlayer', data: { playerId: someone, at, reason: 'left' } });
    } else if (state.phase === 'setting' || roll < 0.05) {
      const word = roll < 0.08 ? 'qwzxv' : roll < 0.12 && state.usedWords.length > 0 ? pick(random, state.usedWords) : pick(random, words);
      apply({ type: 'SetWord', data: { playerId: mover, word, at } });
    } else if (roll < 0.1) {
      apply({ type: 'UseHint', data: { playerId: mover, at } });
    } else {
      apply({ type: 'GuessLetter', data: { playerId: mover, letter: pick(random, keys), at } });
    }
  }
  return { events, state, rejections };
}

describe.each(HANGMAN_LANGUAGES)('%s: random duels over many seeds', (language) => {
  let matches: Simulated[] = [];
  beforeAll(() => {
    matches = Array.from({ length: MATCHES_PER_LANGUAGE }, (_, i) => simulate(language, `seed-${i}`));
  });

  it('ends every match, by the rules: all set, time or fewer than two players', () => {
    expect(matches.every((m) => m.state.status === 'finished')).toBe(true);
    const reasons = new Set(matches.map((m) => m.state.endReason));
    expect(reasons).toEqual(new Set(['all_set', 'time', 'players']));
  });

  it('plays rounds of every outcome and meets the rejections a careless player would', () => {
    const outcomes = new Set(matches.flatMap((m) => m.state.history.map((r) => r.outcome)));
    expect(outcomes).toEqual(new Set(['solved', 'failed', 'skipped']));
    const seen = new Set(matches.flatMap((m) => [...m.rejections.keys()]));
    for (const name of ['not_your_turn', 'invalid_word', 'duplicate_word', 'already_guessed', 'no_room_hints_left'])
      expect(seen).toContain(name);
  });

  it('scores exactly the points its events pay', () => {
    for (const { events, state } of matches) {
      const paid: Record<string, number> = {};
      for (const event of events) {
        if (event.type === 'LetterGuessed') paid[event.data.playerId] = (paid[event.data.playerId] ?? 0) + event.data.points;
        if (event.type === 'RoundEnded' && event.data.bonus)
          paid[event.data.bonus.playerId] = (paid[event.data.bonus.playerId] ?? 0) + event.data.bonus.points;
      }
      for (const [id, score] of Object.entries(state.scores)) expect(score).toBe(paid[id] ?? 0);
    }
  });

  it('replays to the same state, and the same seed plays the same match', () => {
    for (const match of matches.slice(0, 40)) expect(fold(match.events)).toEqual(match.state);
    expect(simulate(language, 'seed-3').events).toEqual(matches[3]!.events);
  });

  it('emits only events and views their schemas accept', () => {
    for (const match of matches.slice(0, 30)) {
      for (const event of match.events) expect(DuelEvent.parse(event)).toEqual(event);
      for (const view of replay(match.events)) expect(DuelView.parse(view)).toEqual(view);
    }
  });
});
