/** The word duel's rules as given events / when a command / then events or a named rejection. */
import { commitmentOf, fairRandom } from '../../fairness/fairness.ts';
import { testServerSeed } from '../../fairness/testing.ts';
import { describe, expect, it } from 'vitest';
import { decide, evolve, fold, initialState, startEvents } from './decider.ts';
import { DuelEvent, type DuelStarted } from './messages.ts';
import {
  DUEL_COMPLETION_POINTS,
  DUEL_LIVES,
  DUEL_POINTS_PER_LETTER,
  DUEL_ROOM_HINTS,
  DUEL_SETTER_POINTS,
  DUEL_TIMEOUTS_IN_A_ROW_TO_REMOVE,
  duelTimesOf,
} from './rules.ts';
import {
  DURATION_MS,
  STARTED_AT,
  TURN_MS,
  after,
  duelConfig,
  endOnTime,
  guess,
  hint,
  play,
  remove,
  setWord,
  started,
  timeout,
  when,
  type Played,
} from './testing.ts';
import { DuelView, publicView, viewFor } from './view.ts';

const types = (outcome: DuelEvent[] | string) => (typeof outcome === 'string' ? outcome : outcome.map((e) => e.type));

/** ann sets `word`; bob is the first guesser. */
const guessing = (word = 'banana', players = ['ann', 'bob', 'cat']): Played => play(started({ players }), setWord('ann', word));

/** Wrong letters of `word` for lives-out tests. */
const wrongLettersFor = (word: string): string[] => [...'abcdefghijklmnopqrstuvwxyz'].filter((l) => !word.includes(l));

describe('starting a duel', () => {
  it('opens with DuelStarted and round 1, the first seat setting, with the turn timer and the match deadline', () => {
    const events = startEvents(duelConfig(), testServerSeed('seed-1'));
    expect(types(events)).toEqual(['DuelStarted', 'RoundStarted']);
    expect(events[1]).toEqual({ type: 'RoundStarted', data: { round: 1, setterId: 'ann', at: STARTED_AT } });
    const state = initialState(duelConfig(), testServerSeed('seed-1'));
    expect(state).toMatchObject({
      status: 'playing',
      phase: 'setting',
      round: 1,
      setterId: 'ann',
      currentPlayer: 'ann',
      turn: 1,
      turnDeadline: after(TURN_MS / 1000),
      matchDeadline: after(DURATION_MS / 1000),
      lives: DUEL_LIVES,
      roomHints: DUEL_ROOM_HINTS,
      scores: { ann: 0, bob: 0, cat: 0 },
      timeoutsInRow: { ann: 0, bob: 0, cat: 0 },
    });
  });

  it('needs 2 to 8 distinct players', () => {
    const seed = testServerSeed('s');
    expect(() => startEvents(duelConfig({ players: ['ann'] }), seed)).toThrow(RangeError);
    expect(() => startEvents(duelConfig({ players: Array.from({ length: 9 }, (_, i) => `p${i}`) }), seed)).toThrow(RangeError);
    expect(() => startEvents(duelConfig({ players: ['ann', 'ann'] }), seed)).toThrow(RangeError);
    expect(() => startEvents(duelConfig({ players: Array.from({ length: 8 }, (_, i) => `p${i}`) }), seed)).not.toThrow();
  });

  it('keeps the seeds of the match’s stream (the match id as client seed, nonce 0), and refuses a server seed of another shape', () => {
    const seed = testServerSeed('seed-1');
    expect(startEvents(duelConfig({ matchId: 'hangman-duel.1f' }), seed)[0]).toMatchObject({
      data: { fairness: { serverSeed: seed, clientSeed: 'hangman-duel_1f', nonce: 0 } },
    });
    expect(startEvents(duelConfig(), seed)[0]!.data).not.toHaveProperty('seed');
    expect(() => startEvents(duelConfig(), 'seed-1')).toThrow(RangeError);
  });
});

describe('the fairness shown to the room', () => {
  it('shows the commitment from the start and the server seed only once the match is finished', () => {
    const seed = testServerSeed('seed-1');
    const fairness = { commitment: commitmentOf(seed), serverSeed: null, clientSeed: 'match-1', nonce: 0 };
    const given = guessing('banana');
    expect(viewFor(given.state, 'ann').fairness).toEqual(fairness);
    expect(publicView(given.state).fairness).toEqual(fairness);
    expect(JSON.stringify(viewFor(given.state, 'ann'))).not.toContain(seed);
    const over = play(given, endOnTime(after(300)));
    expect(publicView(over.state).fairness).toEqual({ ...fairness, serverSeed: seed });
  });

  it('a match started before the fairness module still folds, hints from its old seed, and shows no fairness', () => {
    const [first, ...rest] = started().events;
    const { fairness: _fairness, ...data } = (first as DuelStarted).data;
    const legacy = [DuelEvent.parse({ type: 'DuelStarted', data: { ...data, seed: 'an-old-seed' } }), ...rest];
    const storedHint = DuelEvent.parse({ type: 'HintUsed', data: { playerId: 'bob', letter: 'b', revealedPositions: [0], at: after(2) } });
    const given = play({ state: fold(legacy), events: legacy }, setWord('ann', 'banana'));
    const hinted = { state: evolve(given.state, storedHint), events: [...given.events, storedHint] };
    expect(hinted.state).toMatchObject({ guessed: ['b'], hintsUsed: 1 });
    expect(publicView(hinted.state).fairness).toBeNull();
    const next = when(hinted, hint('cat', after(3)));
    expect(next).toMatchObject([{ type: 'HintUsed', data: { playerId: 'cat' } }]);
    expect(['a', 'n']).toContain(((next as DuelEvent[])[0]!.data as { letter: string }).letter);
    expect(DuelEvent.safeParse({ type: 'DuelStarted', data: { ...(first as DuelStarted).data, seed: 'both' } }).success).toBe(false);
  });
});

describe('setter rotation', () => {
  it('goes round the seats once, each round guessed from the seat after its setter', () => {
    const seen: [string | null, string | null][] = [];
    let given = started();
    for (const word of ['abc', 'dog', 'kiwi']) {
      const setter = given.state.setterId;
      given = play(given, setWord(setter!, word));
      seen.push([setter, given.state.currentPlayer]);
      for (const letter of new Set(word)) given = play(given, guess(given.state.currentPlayer!, letter));
    }
    expect(seen).toEqual([
      ['ann', 'bob'],
      ['bob', 'cat'],
      ['cat', 'ann'],
    ]);
    expect(given.state).toMatchObject({ status: 'finished', endReason: 'all_set', round: 3, setters: ['ann', 'bob', 'cat'] });
  });

  it('times turns and the match by the room duration: Normal 30 s / 5 min, Rush 15 s / 3 min', () => {
    expect(duelTimesOf('normal')).toEqual({ turnMs: 30_000, durationMs: 300_000 });
    expect(duelTimesOf('rush')).toEqual({ turnMs: 15_000, durationMs: 180_000 });
    const rush = started(duelTimesOf('rush')).state;
    expect(rush).toMatchObject({ turnDeadline: after(15), matchDeadline: after(180) });
  });
});

describe('SetWord', () => {
  it('stores the normalised word, opens guessing with the player after the setter, and restarts the timer', () => {
    const outcome = when(started(), setWord('ann', '  BaNaNa ', after(5)));
    expect(outcome).toEqual([{ type: 'WordSet', data: { setterId: 'ann', word: 'banana', at: after(5) } }]);
    const { state } = play(started(), setWord('ann', 'banana', after(5)));
    expect(state).toMatchObject({ phase: 'guessing', currentPlayer: 'bob', turn: 2, turnDeadline: after(35), word: 'banana' });
  });

  it("is the setter's alone: 'not_the_setter'", () => {
    expect(when(started(), setWord('bob', 'banana'))).toBe('not_the_setter');
  });

  it("is only while setting: 'not_setting_phase'", () => {
    expect(when(guessing(), setWord('ann', 'apple'))).toBe('not_setting_phase');
    expect(when(guessing(), setWord('bob', 'apple'))).toBe('not_setting_phase');
  });

  it.each([
    ['not in the dictionary', 'qwerty'],
    ['digits', 'app1e'],
    ['a space in English', 'ice cream'],
    ['too short', 'ox'],
    ['too long', 'abcdefghijklm'],
    ['empty', '   '],
    ['not the room language', 'ውሻ'],
  ])("rejects a word %s: 'invalid_word'", (_why, word) => {
    expect(when(started(), setWord('ann', word))).toBe('invalid_word');
  });

  it("rejects a word used before in this match: 'duplicate_word'", () => {
    const solved = play(guessing('abc'), guess('bob', 'a'), guess('bob', 'b'), guess('bob', 'c'));
    expect(solved.state).toMatchObject({ round: 2, setterId: 'bob', phase: 'setting' });
    expect(when(solved, setWord('bob', 'ABC'))).toBe('duplicate_word');
    expect(types(when(solved, setWord('bob', 'dog')))).toEqual(['WordSet']);
  });

  it("rejects players outside the match: 'not_your_match'", () => {
    expect(when(started(), setWord('zed', 'banana'))).toBe('not_your_match');
  });

  it('after the turn deadline counts as the timeout: the round is skipped', () => {
    expect(types(when(started(), setWord('ann', 'banana', after(30))))).toEqual(['TurnTimedOut', 'RoundEnded', 'RoundStarted']);
  });
});

describe('guessing a letter', () => {
  it(`scores ${DUEL_POINTS_PER_LETTER} per letter revealed and keeps the turn with a fresh timer`, () => {
    const given = guessing('banana');
    const outcome = when(given, guess('bob', 'A', after(10)));
    expect(outcome).toEqual([
      {
        type: 'LetterGuessed',
        data: { playerId: 'bob', letter: 'a', hit: true, revealedPositions: [1, 3, 5], points: 30, at: after(10) },
      },
    ]);
    const { state } = play(given, guess('bob', 'a', after(10)));
    expect(state).toMatchObject({ currentPlayer: 'bob', turn: 3, turnDeadline: after(40), scores: { bob: 30 } });
  });

  it('costs one shared life on a miss and passes the turn in seat order, round the table past the setter', () => {
    const one = play(guessing('banana'), guess('bob', 'z'));
    expect(one.state).toMatchObject({ currentPlayer: 'cat', missed: ['z'], scores: { bob: 0 } });
    expect(publicView(one.state).livesLeft).toBe(DUEL_LIVES - 1);
    const two = play(one, guess('cat', 'q'));
    expect(two.state.currentPlayer).toBe('bob');
    expect(publicView(two.state).livesLeft).toBe(DUEL_LIVES - 2);
  });

  it("is only for the guesser whose turn it is: 'not_your_turn'", () => {
    expect(when(guessing(), guess('cat', 'a'))).toBe('not_your_turn');
    expect(when(guessing(), guess('ann', 'a'))).toBe('not_your_turn');
  });

  it("is only while guessing: 'not_guessing_phase'", () => {
    expect(when(started(), guess('bob', 'a'))).toBe('not_guessing_phase');
  });

  it("rejects a letter guessed or hinted before this round: 'already_guessed'", () => {
    const given = play(guessing('banana'), guess('bob', 'a'), guess('bob', 'z'));
    expect(when(given, guess('cat', 'A'))).toBe('already_guessed');
    expect(when(given, guess('cat', 'z'))).toBe('already_guessed');
  });

  it("rejects what is not a key of the room language: 'not_a_letter_of_this_language'", () => {
    expect(when(guessing(), guess('bob', '7'))).toBe('not_a_letter_of_this_language');
    expect(when(guessing(), guess('bob', 'ለ'))).toBe('not_a_letter_of_this_language');
  });

  it(`completing the word scores its letters plus ${DUEL_COMPLETION_POINTS}, ends the round and starts the next setter's`, () => {
    const given = play(guessing('banana'), guess('bob', 'a'), guess('bob', 'n'));
    const outcome = when(given, guess('bob', 'b', after(9)));
    expect(types(outcome)).toEqual(['LetterGuessed', 'RoundEnded', 'RoundStarted']);
    expect((outcome as DuelEvent[])[1]).toEqual({
      type: 'RoundEnded',
      data: {
        round: 1,
        setterId: 'ann',
        word: 'banana',
        outcome: 'solved',
        solvedBy: 'bob',
        bonus: { playerId: 'bob', points: DUEL_COMPLETION_POINTS },
        at: after(9),
      },
    });
    const { state } = play(given, guess('bob', 'b', after(9)));
    expect(state.scores).toEqual({ ann: 0, bob: 30 + 20 + 10 + DUEL_COMPLETION_POINTS, cat: 0 });
    expect(state).toMatchObject({ round: 2, setterId: 'bob', currentPlayer: 'bob', phase: 'setting', turnDeadline: after(39) });
    // Round 2: bob set, so the guessing starts with the seat after him and wraps past him.
    const round2 = play({ state, events: given.events.concat(outcome as DuelEvent[]) }, setWord('bob', 'kiwi', after(10)));
    expect(round2.state.currentPlayer).toBe('cat');
    expect(play(round2, guess('cat', 'z', after(11))).state.currentPlayer).toBe('ann');
  });

  it(`running out of the ${DUEL_LIVES} shared lives fails the round and scores ${DUEL_SETTER_POINTS} to the setter`, () => {
    let given = guessing('banana');
    const wrong = wrongLettersFor('banana').slice(0, DUEL_LIVES);
    for (const letter of wrong.slice(0, -1)) given = play(given, guess(given.state.currentPlayer!, letter));
    const outcome = when(given, guess(given.state.currentPlayer!, wrong.at(-1)!, after(20)));
    expect(types(outcome)).toEqual(['LetterGuessed', 'RoundEnded', 'RoundStarted']);
    expect((outcome as DuelEvent[])[1]!.data).toMatchObject({
      outcome: 'failed',
      word: 'banana',
      bonus: { playerId: 'ann', points: DUEL_SETTER_POINTS },
    });
    const after7 = play(given, guess(given.state.currentPlayer!, wrong.at(-1)!, after(20)));
    expect(after7.state.scores.ann).toBe(DUEL_SETTER_POINTS);
    expect(after7.state.guessed).toEqual([]);
    expect(publicView(after7.state).livesLeft).toBe(DUEL_LIVES);
  });
});

describe('room hints', () => {
  it('reveal one letter of the word, drawn from the match’s fair stream, score nothing and pass the turn', () => {
    const outcome = when(guessing('banana'), hint('bob', after(3)));
    expect(types(outcome)).toEqual(['HintUsed']);
    const used = (outcome as DuelEvent[])[0]!;
    // pick() among the word's letters not yet shown, in keyboard order, from the start of the match's stream.
    const random = fairRandom({ serverSeed: testServerSeed('seed-1'), clientSeed: 'match-1', nonce: 0 });
    const letter = random.pick(['a', 'b', 'n']);
    expect(used).toMatchObject({ type: 'HintUsed', data: { playerId: 'bob', letter, bytesUsed: random.bytesUsed } });
    expect(when(guessing('banana'), hint('bob', after(3)))).toEqual(outcome);
    const { state } = play(guessing('banana'), hint('bob', after(3)));
    expect(state).toMatchObject({ currentPlayer: 'cat', hintsUsed: 1, scores: { ann: 0, bob: 0, cat: 0 } });
    expect(state.chance.bytesUsed).toBe(random.bytesUsed);
    expect(publicView(state).hintsLeft).toBe(DUEL_ROOM_HINTS - 1);
  });

  it('go on where the hint before left the stream, across rounds', () => {
    const given = play(guessing('banana'), hint('bob', after(3)));
    const random = fairRandom({ serverSeed: testServerSeed('seed-1'), clientSeed: 'match-1', nonce: 0 });
    const first = random.pick(['a', 'b', 'n']);
    expect(given.state.guessed).toEqual([first]);
    const second = random.pick(['a', 'b', 'n'].filter((l) => l !== first));
    expect(when(given, hint('cat', after(4)))).toMatchObject([{ type: 'HintUsed', data: { letter: second, bytesUsed: random.bytesUsed } }]);
  });

  it(`are ${DUEL_ROOM_HINTS} for the whole match, then 'no_room_hints_left'`, () => {
    let given = play(guessing('banana'), hint('bob'), hint('cat'));
    // Solve round 1 so the third hint comes in round 2.
    for (const letter of ['a', 'b', 'n']) {
      if (given.state.round === 1 && !given.state.guessed.includes(letter)) given = play(given, guess(given.state.currentPlayer!, letter));
    }
    expect(given.state).toMatchObject({ round: 2, setterId: 'bob', hintsUsed: 2 });
    given = play(given, setWord('bob', 'mango'), hint('cat'));
    expect(publicView(given.state).hintsLeft).toBe(0);
    expect(when(given, hint('ann'))).toBe('no_room_hints_left');
  });

  it('that show the last letter solve the round for nobody', () => {
    const given = play(guessing('moon'), guess('bob', 'm'), guess('bob', 'o'));
    const outcome = when(given, hint('bob', after(4)));
    expect(types(outcome)).toEqual(['HintUsed', 'RoundEnded', 'RoundStarted']);
    expect((outcome as DuelEvent[])[1]!.data).toMatchObject({ outcome: 'solved', bonus: null });
    expect((outcome as DuelEvent[])[1]!.data).not.toHaveProperty('solvedBy');
  });

  it("are used on the guesser's own turn: 'not_your_turn', 'not_guessing_phase'", () => {
    expect(when(guessing(), hint('cat'))).toBe('not_your_turn');
    expect(when(started(), hint('bob'))).toBe('not_guessing_phase');
  });
});

describe('turn timeouts', () => {
  it("pass a guesser's turn and count their timeouts in a row", () => {
    const given = guessing('banana');
    const outcome = when(given, timeout(given.state.turn, after(31)));
    expect(outcome).toEqual([{ type: 'TurnTimedOut', data: { playerId: 'bob', turn: 2, at: after(31) } }]);
    const { state } = play(given, timeout(2, after(31)));
    expect(state).toMatchObject({ currentPlayer: 'cat', turn: 3, turnDeadline: after(61), timeoutsInRow: { bob: 1 } });
    expect(publicView(state).livesLeft).toBe(DUEL_LIVES);
  });

  it('of a turn that is over (a stale or repeated timer) change nothing', () => {
    const given = play(guessing('banana'), timeout(2, after(31)));
    expect(when(given, timeout(2, after(31)))).toEqual([]);
    expect(when(given, timeout(1, after(31)))).toEqual([]);
  });

  it('skip the round of a setter who does not set in time; they do not set again', () => {
    const given = started();
    const outcome = when(given, timeout(1, after(30)));
    expect(types(outcome)).toEqual(['TurnTimedOut', 'RoundEnded', 'RoundStarted']);
    expect((outcome as DuelEvent[])[1]!.data).toMatchObject({ round: 1, setterId: 'ann', word: null, outcome: 'skipped', bonus: null });
    const { state } = play(given, timeout(1, after(30)));
    expect(state).toMatchObject({ round: 2, setterId: 'bob', currentPlayer: 'bob', timeoutsInRow: { ann: 1 } });
    expect(state.setters).toEqual(['ann', 'bob']);
  });

  it('in a row are reset by a real move', () => {
    const given = play(
      guessing('banana'),
      timeout(2, after(31)),
      guess('cat', 'z', after(32)),
      timeout(4, after(63)),
      guess('cat', 'q', after(64)),
    );
    expect(given.state).toMatchObject({ currentPlayer: 'bob', timeoutsInRow: { ann: 0, bob: 2, cat: 0 } });
    const moved = play(given, guess('bob', 'a', after(65)));
    expect(moved.state.timeoutsInRow.bob).toBe(0);
  });

  it(`take a player out after ${DUEL_TIMEOUTS_IN_A_ROW_TO_REMOVE} in a row; the others play on`, () => {
    let given = guessing('banana', ['ann', 'bob', 'cat', 'dan']);
    // bob times out, cat and dan guess wrong, three times round.
    for (let i = 0; i < DUEL_TIMEOUTS_IN_A_ROW_TO_REMOVE - 1; i++) {
      given = play(given, timeout(given.state.turn), guess('cat', 'xyz'[i]!), guess('dan', 'qwv'[i]!));
    }
    const outcome = when(given, timeout(given.state.turn, after(100)));
    expect(types(outcome)).toEqual(['TurnTimedOut', 'PlayerRemoved']);
    expect((outcome as DuelEvent[])[1]).toEqual({ type: 'PlayerRemoved', data: { playerId: 'bob', reason: 'timeouts', at: after(100) } });
    const { state } = play(given, timeout(given.state.turn, after(100)));
    expect(state.players.find((p) => p.id === 'bob')).toMatchObject({ status: 'left', leftReason: 'timeouts' });
    expect(state).toMatchObject({ status: 'playing', currentPlayer: 'cat' });
  });

  it('of the last opponent end a two-player match, the one remaining winning', () => {
    let given = guessing('banana', ['ann', 'bob']);
    for (let i = 0; i < DUEL_TIMEOUTS_IN_A_ROW_TO_REMOVE - 1; i++) given = play(given, timeout(given.state.turn));
    expect(types(when(given, timeout(given.state.turn)))).toEqual(['TurnTimedOut', 'PlayerRemoved', 'DuelFinished']);
    const { state } = play(given, timeout(given.state.turn));
    expect(state).toMatchObject({ status: 'finished', endReason: 'players', winners: ['ann'] });
  });

  it('of a setter whose earlier turns timed out take them out and skip their round', () => {
    let given = play(started({ players: ['ann', 'cat', 'bob'] }), setWord('ann', 'banana'));
    given = play(given, timeout(given.state.turn), guess('bob', 'z'), timeout(given.state.turn + 2));
    given = play(given, guess('bob', 'a'), guess('bob', 'n'), guess('bob', 'b'));
    expect(given.state).toMatchObject({ round: 2, setterId: 'cat', timeoutsInRow: { cat: 2 } });
    const outcome = when(given, timeout(given.state.turn, after(40)));
    expect(types(outcome)).toEqual(['TurnTimedOut', 'PlayerRemoved', 'RoundEnded', 'RoundStarted']);
    const { state } = play(given, timeout(given.state.turn, after(40)));
    expect(state).toMatchObject({ round: 3, setterId: 'bob', status: 'playing' });
    expect(state.history.at(-1)).toEqual({ round: 2, setterId: 'cat', word: null, outcome: 'skipped' });
  });
});

describe('RemovePlayer', () => {
  it('of the current guesser passes the turn', () => {
    const { state } = play(guessing('banana'), remove('bob', 'left', after(5)));
    expect(state).toMatchObject({ currentPlayer: 'cat', status: 'playing', turnDeadline: after(35) });
    expect(state.players.find((p) => p.id === 'bob')).toMatchObject({ status: 'left', leftReason: 'left' });
  });

  it('of the setter while setting skips the round', () => {
    const outcome = when(started(), remove('ann'));
    expect(types(outcome)).toEqual(['PlayerRemoved', 'RoundEnded', 'RoundStarted']);
    const { state } = play(started(), remove('ann'));
    expect(state).toMatchObject({ round: 2, setterId: 'bob', history: [{ round: 1, setterId: 'ann', word: null, outcome: 'skipped' }] });
  });

  it('of the setter while guessing lets the guessers play the round on; a setter gone scores nothing', () => {
    let given = play(guessing('banana', ['ann', 'bob', 'cat']), remove('ann'));
    expect(given.state).toMatchObject({ status: 'playing', phase: 'guessing', currentPlayer: 'bob' });
    for (const letter of wrongLettersFor('banana').slice(0, DUEL_LIVES)) given = play(given, guess(given.state.currentPlayer!, letter));
    expect(given.state.history[0]).toMatchObject({ outcome: 'failed' });
    expect(given.state.scores.ann).toBe(0);
    expect(given.state.setterId).toBe('bob');
  });

  it('leaving fewer than 2 players ends the match: the one remaining wins whatever the scores', () => {
    const given = play(guessing('banana', ['ann', 'bob']), guess('bob', 'a'));
    expect(types(when(given, remove('bob')))).toEqual(['PlayerRemoved', 'DuelFinished']);
    const { state } = play(given, remove('bob', 'left', after(7)));
    expect(state).toMatchObject({ status: 'finished', endReason: 'players', winners: ['ann'], finishedAt: after(7) });
  });

  it('of a player already out changes nothing; of a stranger is rejected', () => {
    const given = play(guessing(), remove('cat'));
    expect(when(given, remove('cat'))).toEqual([]);
    expect(when(given, remove('zed'))).toBe('not_your_match');
  });

  it("leaves the player out of moves, of the setter rotation and of the winners: 'not_your_match'", () => {
    const given = play(guessing('banana'), guess('bob', 'z'), guess('cat', 'a'), guess('cat', 'n'), guess('cat', 'b'));
    expect(given.state).toMatchObject({ round: 2, setterId: 'bob', scores: { cat: 30 + 20 + 10 + DUEL_COMPLETION_POINTS } });
    const gone = play(given, remove('cat'));
    expect(when(gone, guess('cat', 'a'))).toBe('not_your_match');
    const done = play(gone, setWord('bob', 'dog'), guess('ann', 'd'), guess('ann', 'o'), guess('ann', 'g'));
    expect(done.state).toMatchObject({ status: 'finished', endReason: 'all_set' });
    expect(done.state.setters).toEqual(['ann', 'bob']);
    expect(done.state.winners).toEqual(['ann']);
  });
});

describe('the end of the match', () => {
  it('comes once every player has set once', () => {
    const given = play(guessing('abc', ['ann', 'bob']), guess('bob', 'a'), guess('bob', 'b'), guess('bob', 'c'), setWord('bob', 'dog'));
    const outcome = when(given, guess('ann', 'z', after(20)));
    expect(types(outcome)).toEqual(['LetterGuessed']);
    const last = play(given, guess('ann', 'd'), guess('ann', 'o'));
    expect(types(when(last, guess('ann', 'g', after(21))))).toEqual(['LetterGuessed', 'RoundEnded', 'DuelFinished']);
    const { state } = play(last, guess('ann', 'g', after(21)));
    expect(state).toMatchObject({
      status: 'finished',
      phase: 'finished',
      endReason: 'all_set',
      finishedAt: after(21),
      currentPlayer: null,
    });
    expect(state.scores).toEqual({ ann: 30 + DUEL_COMPLETION_POINTS, bob: 30 + DUEL_COMPLETION_POINTS });
  });

  it("comes on time: EndOnTime at the deadline ('deadline_not_reached' before), a repeat changes nothing", () => {
    const given = guessing();
    expect(when(given, endOnTime(after(299)))).toBe('deadline_not_reached');
    expect(when(given, endOnTime(after(300)))).toEqual([
      { type: 'DuelFinished', data: { reason: 'time', winners: ['ann', 'bob', 'cat'], at: after(300) } },
    ]);
    const over = play(given, endOnTime(after(300)));
    expect(when(over, endOnTime(after(301)))).toEqual([]);
    expect(when(over, timeout(over.state.turn, after(301)))).toEqual([]);
  });

  it('comes on time also when a move arrives after the deadline: the match ends instead', () => {
    expect(types(when(guessing(), guess('bob', 'a', after(300))))).toEqual(['DuelFinished']);
    expect(types(when(guessing(), timeout(2, after(301))))).toEqual(['DuelFinished']);
  });

  it("is final: every move is 'game_over'", () => {
    const over = play(guessing(), endOnTime(after(300)));
    expect(when(over, guess('bob', 'a', after(301)))).toBe('game_over');
    expect(when(over, setWord('ann', 'apple', after(301)))).toBe('game_over');
    expect(when(over, hint('bob', after(301)))).toBe('game_over');
  });

  it('has the highest total win; a tie shares, the one who reached the score first listed first', () => {
    // cat scores 10 before bob does; both end on 10.
    let given = guessing('lemon');
    given = play(given, guess('bob', 'z'), guess('cat', 'l'), guess('cat', 'q'), guess('bob', 'e'), guess('bob', 'x'));
    expect(given.state.scores).toEqual({ ann: 0, bob: 10, cat: 10 });
    expect(play(given, endOnTime(after(300))).state.winners).toEqual(['cat', 'bob']);
    // A single best total wins alone.
    const more = play(given, guess('cat', 'm'), endOnTime(after(300)));
    expect(more.state.winners).toEqual(['cat']);
  });

  it('lists tied players who never scored in seat order', () => {
    expect(play(guessing(), endOnTime(after(300))).state.winners).toEqual(['ann', 'bob', 'cat']);
  });
});

describe('the view', () => {
  it('never shows the word to guessers or spectators before the round ends; the setter sees it', () => {
    const given = play(guessing('banana'), guess('bob', 'a'));
    for (const viewer of ['bob', 'cat', null]) {
      const view = viewFor(given.state, viewer);
      expect(view.word).toBeUndefined();
      expect(JSON.stringify(view)).not.toContain('banana');
      expect(view.slots).toEqual([null, 'a', null, 'a', null, 'a']);
    }
    expect(viewFor(given.state, 'ann').word).toBe('banana');
  });

  it("keeps the word out of the guessers' view of a state the setter looked at first", () => {
    const given = play(guessing('banana'), guess('bob', 'a'));
    expect(viewFor(given.state, 'ann').word).toBe('banana');
    for (const viewer of ['bob', 'cat', null]) expect(JSON.stringify(viewFor(given.state, viewer))).not.toContain('banana');
    expect(viewFor(given.state, 'ann').word).toBe('banana');
  });

  it('has no slots while the setter is setting', () => {
    const view = viewFor(started().state, 'bob');
    expect(view).toMatchObject({ phase: 'setting', slots: null, setterId: 'ann', currentPlayerId: 'ann', round: 1, rounds: 3 });
  });

  it('shows each ended round with its word to everyone', () => {
    const { state } = play(guessing('abc'), guess('bob', 'a'), guess('bob', 'b'), guess('bob', 'c'));
    const view = viewFor(state, 'cat');
    expect(view.lastRounds).toEqual([{ round: 1, setterId: 'ann', word: 'abc', outcome: 'solved', solvedBy: 'bob' }]);
    expect(view).toMatchObject({ round: 2, rounds: 3, phase: 'setting', setterId: 'bob', livesLeft: DUEL_LIVES });
  });

  it("once finished shows winners, the end time and the interrupted round's word", () => {
    const { state } = play(guessing('banana'), endOnTime(after(300)));
    const view = viewFor(state, 'cat');
    expect(view).toMatchObject({
      status: 'finished',
      phase: 'finished',
      word: 'banana',
      winners: ['ann', 'bob', 'cat'],
      finishedAt: after(300),
    });
    expect(view.currentPlayerId).toBeNull();
    expect(view.rounds).toBe(1);
  });

  it('counts fewer rounds when a player leaves before setting', () => {
    const { state } = play(guessing('banana'), remove('cat'));
    expect(publicView(state).rounds).toBe(2);
    expect(publicView(state).players).toEqual([
      { id: 'ann', status: 'playing', timeoutsInRow: 0 },
      { id: 'bob', status: 'playing', timeoutsInRow: 0 },
      { id: 'cat', status: 'left', timeoutsInRow: 0 },
    ]);
  });

  it('parses with its own schema (JSON over the wire)', () => {
    const { state } = play(guessing('banana'), guess('bob', 'a'), hint('bob'));
    const view = viewFor(state, 'ann');
    expect(DuelView.parse(JSON.parse(JSON.stringify(view)))).toEqual(view);
  });
});

describe('Amharic rounds', () => {
  const amharic = (word: string) => play(started({ language: 'am' }), setWord('ann', word));

  it('accept a word of the Amharic word bank, normalised (NFC, single spaces)', () => {
    expect(when(started({ language: 'am' }), setWord('ann', ' ሜዳ   አህያ '))).toEqual([
      { type: 'WordSet', data: { setterId: 'ann', word: 'ሜዳ አህያ', at: after(1) } },
    ]);
  });

  it("reject words outside the bank, Latin letters and stray characters: 'invalid_word'", () => {
    for (const word of ['ሀሀሀሀ', 'apple', 'ውሻ!', 'ው']) expect(when(started({ language: 'am' }), setWord('ann', word))).toBe('invalid_word');
  });

  it('guess by family key: one key reveals every fidel of its family, 10 points each', () => {
    const given = amharic('ቅቅል');
    const outcome = when(given, guess('bob', 'ቀ', after(3)));
    expect(outcome).toEqual([
      { type: 'LetterGuessed', data: { playerId: 'bob', letter: 'ቀ', hit: true, revealedPositions: [0, 1], points: 20, at: after(3) } },
    ]);
    expect(viewFor(play(given, guess('bob', 'ቀ')).state, 'cat').slots).toEqual(['ቅ', 'ቅ', null]);
  });

  it('merge homophone families under one key (ሠ under ሰ)', () => {
    const given = amharic('ሥጋ');
    const { state } = play(given, guess('bob', 'ሰ'));
    expect(viewFor(state, 'cat').slots).toEqual(['ሥ', null]);
    expect(when(given, guess('bob', 'ሠ'))).toBe('not_a_letter_of_this_language');
  });

  it('show spaces from the start and complete with the last family', () => {
    const given = amharic('ሜዳ አህያ');
    expect(viewFor(given.state, 'bob').slots).toEqual([null, null, ' ', null, null, null]);
    const done = play(given, guess('bob', 'መ'), guess('bob', 'ደ'), guess('bob', 'አ'), guess('bob', 'ሀ'));
    expect(done.state.currentPlayer).toBe('bob');
    const outcome = when(done, guess('bob', 'የ'));
    expect(types(outcome)).toEqual(['LetterGuessed', 'RoundEnded', 'RoundStarted']);
  });
});

describe('events', () => {
  it('parse with their schemas, and the stream folds to the same state', () => {
    const { events, state } = play(guessing('banana'), guess('bob', 'a'), hint('bob'), timeout(4, after(40)), remove('cat'));
    for (const event of events) expect(DuelEvent.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    expect(fold(events)).toEqual(state);
    expect(decide(guess('zed', 'a'), state)).toBe('not_your_match');
  });
});
