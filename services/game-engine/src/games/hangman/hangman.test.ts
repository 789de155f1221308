/** Hangman's rules as given events / when a command / then events or a named rejection. */
import { describe, expect, it } from 'vitest';
import { HANGMAN_HINTS, HANGMAN_LIVES, HANGMAN_TIME_LIMIT_MS } from '../../config.ts';
import { commitmentOf, fairRandom, fairRandomAt, type FairnessSeeds } from '../../fairness/fairness.ts';
import { testServerSeed } from '../../fairness/testing.ts';
import { candidateWords, decide, evolve, initialState, replay } from './decider.ts';
import { HangmanEvent, type HangmanCommand, type HangmanStarted } from './messages.ts';
import { hangmanOptions } from './options.ts';
import { NOT_STARTED, isGame as isGameState, type HangmanState } from './state.ts';
import { publicView, viewFor } from './view.ts';
import { HANGMAN_LANGUAGES, keyOfCharacter } from './alphabet.ts';
import { WORD_BANK, wordsFor } from './words/word-bank.ts';

const MATCH = 'match-1';
const PLAYER = 'player-1';
const STARTED_AT = '2026-03-01T09:00:00.000Z';
const DEADLINE = '2026-03-01T09:02:00.000Z';
/** The game's seeds: a test server seed, the player's client seed, their nonce. */
const SEEDS: FairnessSeeds = { serverSeed: testServerSeed('seed-1'), clientSeed: 'player-seed', nonce: 3 };
const seedsOf = (label: string): FairnessSeeds => ({ ...SEEDS, serverSeed: testServerSeed(label) });

/** The time `seconds` after the start. */
const after = (seconds: number): string => new Date(Date.parse(STARTED_AT) + seconds * 1000).toISOString();

/** A game of `word` on SEEDS, as if the word had been the stream's first draw (4 bytes used). */
function started(word: string, overrides: Partial<HangmanStarted['data']> = {}): HangmanEvent {
  return {
    type: 'HangmanStarted',
    data: {
      matchId: MATCH,
      playerId: PLAYER,
      language: 'en',
      category: 'food',
      difficulty: 'medium',
      word,
      fairness: SEEDS,
      wordDraw: { index: 0, count: 1 },
      bytesUsed: 4,
      startedAt: STARTED_AT,
      deadline: DEADLINE,
      lives: HANGMAN_LIVES,
      hints: HANGMAN_HINTS,
      ...overrides,
    },
  };
}

const amharic = (word: string): HangmanEvent => started(word, { language: 'am', category: 'animals' });

const guess = (letter: string, at = after(10), who: { matchId?: string; playerId?: string } = {}): HangmanCommand => ({
  type: 'GuessLetter',
  data: { matchId: who.matchId ?? MATCH, playerId: who.playerId ?? PLAYER, letter, at },
});
const hint = (at = after(10)): HangmanCommand => ({ type: 'UseHint', data: { matchId: MATCH, playerId: PLAYER, at } });
const start = (data: Partial<Extract<HangmanCommand, { type: 'StartHangman' }>['data']> = {}): HangmanCommand => ({
  type: 'StartHangman',
  data: { matchId: MATCH, playerId: PLAYER, language: 'en', fairness: SEEDS, startedAt: STARTED_AT, ...data },
});

/** The state after `events`, then what `command` decides. */
const given = (...events: HangmanEvent[]) => ({
  when: (command: HangmanCommand) => decide(command, replay(events)),
  state: replay(events),
});

/** Plays commands in order, folding accepted events; a rejection fails the test. */
function play(state: HangmanState, ...commands: HangmanCommand[]): { state: HangmanState; events: HangmanEvent[] } {
  const events: HangmanEvent[] = [];
  for (const command of commands) {
    const result = decide(command, state);
    if (typeof result === 'string') throw new Error(`${command.type} rejected: ${result}`);
    events.push(...result);
    state = result.reduce(evolve, state);
  }
  return { state, events };
}

describe('StartHangman', () => {
  it('opens a game with a word of the asked language, category and difficulty, due in 120 seconds', () => {
    const events = given().when(start({ language: 'en', category: 'animals', difficulty: 'hard' }));
    expect(events).toEqual([
      {
        type: 'HangmanStarted',
        data: expect.objectContaining({
          matchId: MATCH,
          playerId: PLAYER,
          language: 'en',
          category: 'animals',
          difficulty: 'hard',
          startedAt: STARTED_AT,
          deadline: DEADLINE,
          lives: 7,
          hints: 2,
        }),
      },
    ]);
    const { word } = (events as Extract<HangmanEvent, { type: 'HangmanStarted' }>[])[0]!.data;
    expect(wordsFor('en', { category: 'animals', difficulty: 'hard' }).map((entry) => entry.word)).toContain(word);
  });

  it('draws the word as the stream’s first draw: pick() among the candidate words, in the bank’s order', () => {
    const [event] = given().when(start({ language: 'en', category: 'animals', difficulty: 'hard' })) as HangmanStarted[];
    const candidates = candidateWords({ language: 'en', category: 'animals', difficulty: 'hard' });
    if (typeof candidates === 'string') throw new Error(candidates);
    const random = fairRandom(SEEDS);
    const index = random.int(candidates.words.length);
    expect(event!.data).toMatchObject({
      word: candidates.words[index]!.word,
      fairness: SEEDS,
      wordDraw: { index, count: candidates.words.length },
      bytesUsed: random.bytesUsed,
    });
    expect(event!.data).not.toHaveProperty('seed');
  });

  it('picks the same word for the same seeds, and different words across server seeds, client seeds and nonces', () => {
    const wordOf = (seeds: FairnessSeeds) =>
      (initialState({ matchId: MATCH, playerId: PLAYER, language: 'am', startedAt: STARTED_AT }, seeds) as { word: string }).word;
    expect(wordOf(seedsOf('abc'))).toBe(wordOf(seedsOf('abc')));
    expect(new Set(Array.from({ length: 50 }, (_, i) => wordOf(seedsOf(`seed-${i}`)))).size).toBeGreaterThan(40);
    expect(new Set(Array.from({ length: 50 }, (_, i) => wordOf({ ...SEEDS, clientSeed: `c${i}` }))).size).toBeGreaterThan(40);
    expect(new Set(Array.from({ length: 50 }, (_, nonce) => wordOf({ ...SEEDS, nonce }))).size).toBeGreaterThan(40);
  });

  it('draws the category and the difficulty from the seed when they are left out', () => {
    const games = Array.from({ length: 200 }, (_, i) =>
      initialState({ matchId: MATCH, playerId: PLAYER, language: 'en', startedAt: STARTED_AT }, seedsOf(`s${i}`)),
    ) as { category: string; difficulty: string }[];
    expect(new Set(games.map((g) => g.category)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(games.map((g) => g.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
  });

  it('folds into the same state initialState() describes', () => {
    const config = { matchId: MATCH, playerId: PLAYER, language: 'am', category: 'food', startedAt: STARTED_AT };
    const events = given().when(start({ ...config, fairness: seedsOf('x') })) as HangmanEvent[];
    expect(replay(events)).toEqual(initialState(config, seedsOf('x')));
  });

  it('plays the game the browser’s verifier checks (client/src/features/games/hangman/verify.test.ts)', () => {
    const seeds = { serverSeed: testServerSeed('verify-hangman'), clientSeed: 'Qal-player_1', nonce: 7 };
    expect(seeds.serverSeed).toBe('1f01d8fd948ae89ea11296a853ec73a5c054af82a282243a228eeb5854bb06fa');
    const game = initialState(
      { matchId: MATCH, playerId: PLAYER, language: 'en', category: 'animals', difficulty: 'easy', startedAt: STARTED_AT },
      seeds,
    );
    const { state } = play(game as HangmanState, hint(), hint(), ...[...'abcdeghi'].map((letter) => guess(letter)));
    expect(viewFor(state, PLAYER)).toMatchObject({
      status: 'lost',
      word: 'frog',
      guessed: ['o', 'f', 'a', 'b', 'c', 'd', 'e', 'g', 'h', 'i'],
      fairness: { commitment: '0fa7665dff46a0590e77dbf10ea55c4622c74d0a2dd833e11a41a2b036e0778f', serverSeed: seeds.serverSeed },
      draws: {
        word: { index: 6, count: 38 },
        hints: [
          { index: 2, count: 4 },
          { index: 0, count: 3 },
        ],
      },
    });
  });

  it('refuses seeds of the wrong shape', () => {
    expect(() => decide(start({ fairness: { ...SEEDS, serverSeed: 'seed-1' } }), NOT_STARTED)).toThrow(RangeError);
  });

  it('rejects an unknown language, category or difficulty', () => {
    expect(given().when(start({ language: 'fr' }))).toBe('unknown_language');
    expect(given().when(start({ category: 'planets' }))).toBe('unknown_category');
    expect(given().when(start({ difficulty: 'brutal' }))).toBe('unknown_difficulty');
  });

  it('rejects a second start of the same match', () => {
    expect(given(started('banana')).when(start())).toBe('already_started');
  });
});

describe('GuessLetter', () => {
  it('reveals every position of a right letter, case-insensitively', () => {
    expect(given(started('banana')).when(guess('A'))).toEqual([
      { type: 'LetterGuessed', data: { letter: 'a', hit: true, revealedPositions: [1, 3, 5], at: after(10) } },
    ]);
  });

  it('costs a life for a wrong letter', () => {
    const { state } = play(replay([started('banana')]), guess('z'));
    expect(publicView(state)).toMatchObject({ wrongGuesses: 1, livesLeft: 6, guessed: ['z'], missed: ['z'] });
  });

  it('rejects a letter already guessed, whatever its case', () => {
    const state = [started('banana'), ...(decide(guess('b'), replay([started('banana')])) as HangmanEvent[])];
    expect(given(...state).when(guess('B'))).toBe('already_guessed');
    expect(given(...state).when(guess('b'))).toBe('already_guessed');
  });

  it('rejects what is not a key of the language', () => {
    for (const letter of ['1', 'ab', 'é', ' ', 'ሀ', ''])
      expect(given(started('banana')).when(guess(letter)), letter).toBe('not_a_letter_of_this_language');
    for (const letter of ['a', 'ሁ', 'ሐ', 'ሠ', 'ቋ', '።'])
      expect(given(amharic('ፀሐይ')).when(guess(letter)), letter).toBe('not_a_letter_of_this_language');
  });

  it('loses the game on the 7th wrong guess', () => {
    const sixMisses = play(replay([started('banana')]), ...'cdefgh'.split('').map((l) => guess(l)));
    expect(publicView(sixMisses.state)).toMatchObject({ status: 'playing', livesLeft: 1 });
    expect(decide(guess('i', after(30)), sixMisses.state)).toEqual([
      { type: 'LetterGuessed', data: { letter: 'i', hit: false, revealedPositions: [], at: after(30) } },
      { type: 'HangmanLost', data: { at: after(30), reason: 'lives' } },
    ]);
  });

  it('wins when the last letter is revealed, with the score, tokens and XP of the product rules', () => {
    // "tiger": 5 letters (m = 1.5), 2 misses, won at 60 s: 150 + 75 − 40 + 37 = 222 → 2 tokens, 7 XP.
    const before = play(replay([started('tiger')]), guess('t'), guess('x'), guess('i'), guess('q'), guess('g'), guess('e'));
    expect(decide(guess('r', after(60)), before.state)).toEqual([
      { type: 'LetterGuessed', data: { letter: 'r', hit: true, revealedPositions: [4], at: after(60) } },
      { type: 'HangmanWon', data: { at: after(60), elapsedMs: 60_000, score: 222, tokensWon: 2, xpWon: 7 } },
    ]);
  });

  it('rejects any move once the game is won or lost', () => {
    const wonGame = play(replay([started('abba')]), guess('a'), guess('b')).state;
    expect(wonGame.status).toBe('won');
    expect(decide(guess('c'), wonGame)).toBe('game_over');
    expect(decide(hint(), wonGame)).toBe('game_over');
    const lostGame = play(replay([started('abba')]), ...'cdefghi'.split('').map((l) => guess(l))).state;
    expect(lostGame.status).toBe('lost');
    expect(decide(guess('a'), lostGame)).toBe('game_over');
  });

  it('rejects a move by another player or for another match', () => {
    expect(given(started('banana')).when(guess('a', after(1), { playerId: 'player-2' }))).toBe('not_your_match');
    expect(given(started('banana')).when(guess('a', after(1), { matchId: 'match-2' }))).toBe('not_your_match');
  });

  it('rejects a move before the game has started', () => {
    expect(decide(guess('a'), NOT_STARTED)).toBe('not_started');
    expect(decide(hint(), NOT_STARTED)).toBe('not_started');
  });
});

describe('the 120-second limit, judged by the command’s time', () => {
  it('applies a guess made just before the deadline', () => {
    const justBefore = new Date(Date.parse(DEADLINE) - 1).toISOString();
    expect(given(started('banana')).when(guess('b', justBefore))).toEqual([
      { type: 'LetterGuessed', data: { letter: 'b', hit: true, revealedPositions: [0], at: justBefore } },
    ]);
  });

  it('ends the game as lost on time instead of applying a guess at or after the deadline', () => {
    expect(given(started('banana')).when(guess('b', DEADLINE))).toEqual([{ type: 'HangmanLost', data: { at: DEADLINE, reason: 'time' } }]);
    expect(given(started('banana')).when(guess('1', after(500)))).toEqual([
      { type: 'HangmanLost', data: { at: after(500), reason: 'time' } },
    ]);
  });

  it('ends the game as lost on time instead of giving a late hint', () => {
    expect(given(started('banana')).when(hint(after(120)))).toEqual([{ type: 'HangmanLost', data: { at: after(120), reason: 'time' } }]);
  });

  it('lets the service’s timer end an idle game, but not before the deadline', () => {
    const expire = (at: string): HangmanCommand => ({ type: 'ExpireHangman', data: { matchId: MATCH, at } });
    expect(given(started('banana')).when(expire(after(119)))).toBe('deadline_not_reached');
    expect(given(started('banana')).when(expire(DEADLINE))).toEqual([{ type: 'HangmanLost', data: { at: DEADLINE, reason: 'time' } }]);
    const lost = play(replay([started('banana')]), expire(DEADLINE)).state;
    expect(decide(expire(after(200)), lost)).toBe('game_over');
  });

  it('uses the deadline recorded at the start', () => {
    const game = replay([started('banana')]);
    expect(publicView(game)!.deadline).toBe(DEADLINE);
    expect(Date.parse(DEADLINE) - Date.parse(STARTED_AT)).toBe(HANGMAN_TIME_LIMIT_MS);
  });
});

describe('UseHint', () => {
  it('reveals every position of one letter of the word not yet guessed', () => {
    const { state, events } = play(replay([started('banana')]), guess('a'), hint());
    const used = events.find((e) => e.type === 'HintUsed')!;
    expect(used.data).toMatchObject({ at: after(10) });
    const letter = (used.data as { letter: string }).letter;
    expect(['b', 'n']).toContain(letter);
    expect((used.data as { revealedPositions: number[] }).revealedPositions).toEqual(letter === 'b' ? [0] : [2, 4]);
    expect(publicView(state)).toMatchObject({ hintsLeft: 1, wrongGuesses: 0 });
  });

  it('draws the letter where the stream had got to: pick() among the word’s letters not yet shown, in keyboard order', () => {
    const { events, state } = play(replay([started('abcdefgh')]), guess('c'), hint(), hint());
    const random = fairRandomAt(SEEDS, 4);
    const first = random.int(7);
    const firstLetter = ['a', 'b', 'd', 'e', 'f', 'g', 'h'][first]!;
    const secondCandidates = ['a', 'b', 'd', 'e', 'f', 'g', 'h'].filter((l) => l !== firstLetter);
    const second = random.int(6);
    expect(events.filter((e) => e.type === 'HintUsed').map((e) => e.data)).toEqual([
      expect.objectContaining({ letter: firstLetter, draw: { index: first, count: 7 } }),
      expect.objectContaining({ letter: secondCandidates[second], draw: { index: second, count: 6 }, bytesUsed: random.bytesUsed }),
    ]);
    expect(isGameState(state) && state.chance.bytesUsed).toBe(random.bytesUsed);
  });

  it('chooses the same letter for the same game, and different letters across seeds', () => {
    const letterFor = (label: string) =>
      ((decide(hint(), replay([started('abcdefgh', { fairness: seedsOf(label) })])) as HangmanEvent[])[0]!.data as { letter: string })
        .letter;
    expect(letterFor('one')).toBe(letterFor('one'));
    expect(new Set(Array.from({ length: 30 }, (_, i) => letterFor(`seed-${i}`))).size).toBeGreaterThan(3);
  });

  it('counts a hinted letter as guessed', () => {
    const { state, events } = play(replay([started('banana')]), hint());
    const letter = (events[0]!.data as { letter: string }).letter;
    expect(decide(guess(letter.toUpperCase()), state)).toBe('already_guessed');
  });

  it('allows 2 hints, then rejects with no_hints_left', () => {
    const { state } = play(replay([started('abcdefgh')]), hint(), hint());
    expect(publicView(state)!.hintsLeft).toBe(0);
    expect(decide(hint(), state)).toBe('no_hints_left');
  });

  it('wins with the letter the hint left, at 50 points per hint and no perfect bonus', () => {
    // "abba" (4 letters, m = 1.0) won at 0 s after one hint and one guess: 100 + 40 − 50 + 50 = 140.
    const { state, events } = play(replay([started('abba')]), hint(STARTED_AT));
    const hinted = (events[0]!.data as { letter: string }).letter;
    const { events: last } = play(state, guess(hinted === 'a' ? 'b' : 'a', STARTED_AT));
    expect(last.at(-1)).toEqual({ type: 'HangmanWon', data: { at: STARTED_AT, elapsedMs: 0, score: 140, tokensWon: 1, xpWon: 6 } });
  });

  it('keeps the last letter for the player: no hint when one letter is left to find', () => {
    const { state } = play(replay([started('abba')]), guess('a'));
    expect(publicView(state)).toMatchObject({ hintsLeft: 2, lastLetterLeft: true });
    expect(decide(hint(), state)).toBe('hint_would_reveal_word');
    expect(play(state, guess('b')).state.status).toBe('won');
    expect(publicView(replay([started('abba')]))!.lastLetterLeft).toBe(false);
  });
});

describe('hints on every word of the bank', () => {
  it.each(HANGMAN_LANGUAGES)('%s: the hints alone never solve a word; the last letter is left to guess', (language) => {
    const unsolved = WORD_BANK[language].filter(({ word }) => {
      let state = replay([started(word, { language })]);
      for (let outcome = decide(hint(), state); typeof outcome !== 'string'; outcome = decide(hint(), state))
        state = outcome.reduce(evolve, state);
      const keys = new Set([...word].map((c) => keyOfCharacter(language, c)).filter((key) => key !== null));
      const hinted = isGameState(state) ? state.hintsUsed : -1;
      return state.status !== 'playing' || hinted !== Math.min(HANGMAN_HINTS, keys.size - 1);
    });
    expect(unsolved.map(({ word }) => word)).toEqual([]);
  });
});

describe('Amharic', () => {
  it('reveals every fidel of the guessed family, in its written form', () => {
    // ቢራቢሮ: ቢ and ቢ are the በ family; ራ and ሮ are the ረ family in different orders.
    const { state } = play(replay([amharic('ቢራቢሮ')]), guess('ረ'));
    expect(publicView(state)!.slots).toEqual([null, 'ራ', null, 'ሮ']);
    expect(decide(guess('በ'), state)).toEqual([
      expect.objectContaining({
        type: 'LetterGuessed',
        data: expect.objectContaining({ letter: 'በ', hit: true, revealedPositions: [0, 2] }),
      }),
      expect.objectContaining({ type: 'HangmanWon' }),
    ]);
  });

  it('reveals homophone fidel under their merged key', () => {
    const { state } = play(replay([amharic('ፀሐይ')]), guess('ሀ'), guess('ጸ'));
    expect(publicView(state)!.slots).toEqual(['ፀ', 'ሐ', null]);
  });

  it('reveals labialised fidel under their plain consonant', () => {
    const { state } = play(replay([amharic('ቋንቋ')]), guess('ቀ'));
    expect(publicView(state)!.slots).toEqual(['ቋ', null, 'ቋ']);
  });

  it('shows the space between two words from the start, and does not count it as a letter', () => {
    const game = replay([amharic('አዲስ አበባ')]);
    expect(publicView(game)!.slots).toEqual([null, null, null, ' ', null, null, null]);
    const { state } = play(game, guess('አ'), guess('ደ'), guess('ሰ'));
    expect(publicView(state)!.slots).toEqual(['አ', 'ዲ', 'ስ', ' ', 'አ', null, null]);
    expect(play(state, guess('በ')).state.status).toBe('won');
  });

  it('scores an n-fidel word with the multiplier of n + 2 letters', () => {
    // ውሻ: 2 fidel → m = 1.0; perfect at 0 s: 100 + 20 + 200 + 50 = 370 → 3 tokens, 8 XP.
    const { events } = play(replay([amharic('ውሻ')]), guess('ወ', STARTED_AT), guess('ሸ', STARTED_AT));
    expect(events.at(-1)).toEqual({
      type: 'HangmanWon',
      data: { at: STARTED_AT, elapsedMs: 0, score: 370, tokensWon: 3, xpWon: 8 },
    });
  });
});

describe('the view', () => {
  it('shows status, language, category, slots, guesses, lives, hints and deadline, but never the word while playing', () => {
    const { state } = play(replay([started('banana')]), guess('a'), guess('z'));
    const view = viewFor(state, PLAYER)!;
    expect(view).toEqual({
      matchId: MATCH,
      status: 'playing',
      language: 'en',
      category: 'food',
      difficulty: 'medium',
      slots: [null, 'a', null, 'a', null, 'a'],
      guessed: ['a', 'z'],
      missed: ['z'],
      wrongGuesses: 1,
      livesLeft: 6,
      hintsLeft: 2,
      lastLetterLeft: false,
      startedAt: STARTED_AT,
      deadline: DEADLINE,
      fairness: { commitment: commitmentOf(SEEDS.serverSeed), serverSeed: null, clientSeed: 'player-seed', nonce: 3 },
    });
    expect(JSON.stringify(view)).not.toContain('banana');
    expect(JSON.stringify(view)).not.toContain(SEEDS.serverSeed);
    expect(view).not.toHaveProperty('draws');
  });

  it('reveals the server seed and the draws once the game is over', () => {
    const { state } = play(replay([started('abcdefgh')]), hint(), guess('z', after(200)));
    const view = viewFor(state, PLAYER)!;
    expect(view.status).toBe('lost');
    expect(view.fairness).toEqual({
      commitment: commitmentOf(SEEDS.serverSeed),
      serverSeed: SEEDS.serverSeed,
      clientSeed: 'player-seed',
      nonce: 3,
    });
    const hinted = isGameState(state) ? state.hintDraws : [];
    expect(view.draws).toEqual({ word: { index: 0, count: 1 }, hints: hinted });
    expect(hinted).toHaveLength(1);
  });

  it('shows the word, score, tokens and XP won once the game is over', () => {
    const wonGame = play(replay([started('abba')]), guess('a', after(60)), guess('b', after(60))).state;
    expect(viewFor(wonGame, PLAYER)).toMatchObject({ status: 'won', word: 'abba', score: 365, tokensWon: 3, xpWon: 8 });
    const lostGame = play(replay([started('abba')]), guess('a', DEADLINE)).state;
    expect(viewFor(lostGame, PLAYER)).toMatchObject({
      status: 'lost',
      word: 'abba',
      score: 0,
      tokensWon: 0,
      xpWon: 0,
      lossReason: 'time',
    });
  });

  it('has no view before the start', () => {
    expect(viewFor(NOT_STARTED, PLAYER)).toBeNull();
  });
});

describe('a game started before Hangman drew from the fairness module', () => {
  /** Its start event as it was stored then: an old `seed`, no fairness. */
  const legacy = (word: string) => {
    const { fairness: _f, wordDraw: _w, bytesUsed: _b, ...data } = (started(word) as HangmanStarted).data;
    return HangmanEvent.parse({ type: 'HangmanStarted', data: { ...data, seed: 'an-old-seed' } });
  };

  it('still parses, folds and replays with its stored hints, and shows no fairness', () => {
    const storedHint = HangmanEvent.parse({ type: 'HintUsed', data: { letter: 'b', revealedPositions: [0], at: after(5) } });
    const state = replay([legacy('banana'), storedHint]);
    expect(state).toMatchObject({ guessed: ['b'], hintsUsed: 1 });
    const view = viewFor(state, PLAYER)!;
    expect(view.fairness).toBeNull();
    const over = play(state, guess('a'), guess('n')).state;
    expect(viewFor(over, PLAYER)).toMatchObject({ status: 'won', word: 'banana', fairness: null });
    expect(viewFor(over, PLAYER)).not.toHaveProperty('draws');
  });

  it('takes a hint still to come from a stream keyed by its old seed, the same every time', () => {
    const given = replay([legacy('banana')]);
    const outcome = decide(hint(), given) as HangmanEvent[];
    expect(outcome).toEqual(decide(hint(), given));
    expect(['a', 'b', 'n']).toContain((outcome[0]!.data as { letter: string }).letter);
  });

  it('refuses a start event with both an old seed and the seeds', () => {
    expect(
      HangmanEvent.safeParse({ type: 'HangmanStarted', data: { ...(started('banana') as HangmanStarted).data, seed: 'x' } }).success,
    ).toBe(false);
  });
});

describe('options', () => {
  it('lists each language’s categories, difficulties and keys', () => {
    const english = hangmanOptions('en');
    expect(english.keys.join('')).toBe('abcdefghijklmnopqrstuvwxyz');
    expect(english.categories.length).toBeGreaterThanOrEqual(10);
    expect(english.difficulties.map((d) => d.id)).toEqual(['easy', 'medium', 'hard']);
    const amharicOptions = hangmanOptions('am');
    expect(amharicOptions.keys).toHaveLength(29);
    expect(amharicOptions.keys.slice(0, 5)).toEqual(['ሀ', 'ለ', 'መ', 'ረ', 'ሰ']);
    expect(amharicOptions.categories[0]).toMatchObject({ id: 'animals', label: { en: 'Animals', am: 'እንስሳት' } });
    for (const category of amharicOptions.categories)
      expect(Math.min(...Object.values(category.wordCounts)), category.id).toBeGreaterThan(0);
  });
});
