/**
 * Seeded simulation: a random player plays whole games through the real decider, in both languages. A failing
 * seed is a reproducible bug report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { REWARD_TOKENS_MAX, XP_MAX } from '../../config.ts';
import { HANGMAN_LANGUAGES, keysOf, type HangmanLanguage } from './alphabet.ts';
import { decide, evolve, replay } from './decider.ts';
import { HangmanCommand, HangmanEvent } from './messages.ts';
import { testRandom, testServerSeed } from '../../fairness/testing.ts';
import { NOT_STARTED, type HangmanState } from './state.ts';
import { HangmanView, publicView } from './view.ts';

const GAMES_PER_LANGUAGE = 300;
const STARTED_AT_MS = Date.parse('2026-03-01T09:00:00.000Z');

interface Played {
  events: HangmanEvent[];
  state: HangmanState;
  guesses: number;
}

function playRandomGame(language: HangmanLanguage, seed: string, check: (state: HangmanState) => void): Played {
  const random = testRandom(`player:${seed}`);
  const keys = keysOf(language);
  const ids = { matchId: `m-${seed}`, playerId: `p-${seed}` };
  let now = STARTED_AT_MS;
  const at = () => new Date(now).toISOString();
  const start: HangmanCommand = {
    type: 'StartHangman',
    data: { ...ids, language, fairness: { serverSeed: testServerSeed(seed), clientSeed: `c-${seed}`, nonce: 0 }, startedAt: at() },
  };
  let state: HangmanState = NOT_STARTED;
  const events: HangmanEvent[] = [];
  let guesses = 0;
  const apply = (command: HangmanCommand) => {
    const result = decide(command, state);
    if (typeof result === 'string') return result;
    events.push(...result);
    state = result.reduce(evolve, state);
    check(state);
    return result;
  };
  apply(start);
  for (let step = 0; state.status === 'playing' && step < 200; step++) {
    // Mostly quick moves; now and then a long pause, so some games run out of time (a few percent of them).
    now += random() < 0.06 ? 40_000 : Math.floor(random() * 3_000);
    const roll = random();
    if (roll < 0.08) {
      const outcome = apply({ type: 'UseHint', data: { ...ids, at: at() } });
      if (typeof outcome === 'string') expect(['no_hints_left', 'hint_would_reveal_word']).toContain(outcome);
      // A hint never solves the word: the last letter is always the player's to find.
      else expect(outcome.map((event) => event.type)).not.toContain('HangmanWon');
    } else if (roll < 0.12) {
      const outcome = apply({ type: 'GuessLetter', data: { ...ids, letter: '7', at: at() } });
      if (typeof outcome === 'string') expect(outcome).toBe('not_a_letter_of_this_language');
    } else {
      const letter = keys[Math.floor(random() * keys.length)]!;
      const outcome = apply({ type: 'GuessLetter', data: { ...ids, letter, at: at() } });
      if (typeof outcome === 'string') expect(outcome).toBe('already_guessed');
      else if (outcome[0]!.type === 'LetterGuessed') guesses += 1;
    }
  }
  return { events, state, guesses };
}

function checkView(state: HangmanState): void {
  const view = publicView(state)!;
  if (view.status === 'playing') {
    expect(view.word).toBeUndefined();
    expect(view.score).toBeUndefined();
    expect(view.slots).toContain(null);
    expect(view.livesLeft).toBeGreaterThan(0);
  } else {
    expect(typeof view.word).toBe('string');
    expect(view.slots.map((slot, i) => slot ?? [...view.word!][i]).join('')).toBe(view.word);
  }
}

describe.each(HANGMAN_LANGUAGES)('%s: random games over many seeds', (language) => {
  let games: Played[] = [];
  beforeAll(() => {
    games = Array.from({ length: GAMES_PER_LANGUAGE }, (_, i) => playRandomGame(language, `seed-${i}`, checkView));
  });

  it('never shows the word while playing, and shows it once over', () => {
    // checkView ran after every accepted move; here only that every game did end.
    expect(games.every((game) => game.state.status !== 'playing')).toBe(true);
  });

  it(`ends every game within ${keysOf(language).length} guesses, the size of the keyboard`, () => {
    const most = Math.max(...games.map((game) => game.guesses));
    expect(most).toBeLessThanOrEqual(keysOf(language).length);
  });

  it('scores at least 0, pays at most 5 tokens and 10 XP, and pays nothing for a loss', () => {
    for (const { state } of games) {
      const view = publicView(state)!;
      expect(view.score).toBeGreaterThanOrEqual(0);
      expect(view.tokensWon).toBeLessThanOrEqual(REWARD_TOKENS_MAX);
      expect(view.xpWon).toBeLessThanOrEqual(XP_MAX);
      if (view.status === 'lost') expect([view.score, view.tokensWon, view.xpWon]).toEqual([0, 0, 0]);
    }
  });

  it('has wins, losses on lives and losses on time among the games', () => {
    const outcomes = new Set(games.map(({ state }) => publicView(state)!.lossReason ?? state.status));
    expect(outcomes).toEqual(new Set(['won', 'lives', 'time']));
  });

  it('emits only events and views their schemas accept, so the store and the client can parse them', () => {
    for (const game of games.slice(0, 50)) {
      for (const event of game.events) expect(HangmanEvent.parse(event)).toEqual(event);
      const view = publicView(game.state)!;
      expect(HangmanView.parse(view)).toEqual(view);
    }
    const command = { type: 'GuessLetter', data: { matchId: 'm', playerId: 'p', letter: 'ሀ', at: '2026-03-01T09:00:00Z' } };
    expect(HangmanCommand.parse(command)).toEqual(command);
    expect(HangmanCommand.safeParse({ type: 'GuessLetter', data: { matchId: 'm', playerId: 'p', letter: 'a', at: 'soon' } }).success).toBe(
      false,
    );
  });

  it('replays to the same state from its events, and the same seed plays the same game', () => {
    for (const game of games.slice(0, 50)) expect(replay(game.events)).toEqual(game.state);
    const again = playRandomGame(language, 'seed-7', () => {});
    expect(again.events).toEqual(games[7]!.events);
  });
});
