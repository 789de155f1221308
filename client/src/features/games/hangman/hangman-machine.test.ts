import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../lib/api-client.ts';
import type { GameSetup, HangmanView, Move } from '../../../lib/hangman/hangman-api.ts';
import { hangmanMachine } from './hangman-machine.ts';

function aView(overrides: Partial<HangmanView> = {}): HangmanView {
  return {
    matchId: 'm-1',
    status: 'playing',
    language: 'en',
    category: 'animals',
    difficulty: 'easy',
    slots: [null, null, null, null],
    guessed: [],
    missed: [],
    wrongGuesses: 0,
    livesLeft: 7,
    hintsLeft: 2,
    startedAt: '2026-03-02T06:00:00.000Z',
    deadline: '2026-03-02T06:02:00.000Z',
    fairness: null,
    ...overrides,
  };
}

type Fakes = {
  start?: (setup: GameSetup) => Promise<{ matchId: string; view: HangmanView; receivedAt: number }>;
  move?: (input: { matchId: string; move: Move }) => Promise<HangmanView>;
  refresh?: () => Promise<HangmanView>;
};

function start(fakes: Fakes = {}) {
  const calls = { problems: [] as unknown[], walletChanges: 0, moves: [] as Move[], starts: [] as GameSetup[] };
  const machine = hangmanMachine.provide({
    actors: {
      startGame: fromPromise(async ({ input }) => {
        calls.starts.push(input);
        return (fakes.start ?? (async () => ({ matchId: 'm-1', view: aView(), receivedAt: Date.parse('2026-03-02T06:00:01.000Z') })))(
          input,
        );
      }),
      submitMove: fromPromise(async ({ input }) => {
        calls.moves.push(input.move);
        return (fakes.move ?? (async () => aView({ guessed: ['x'], missed: ['x'], wrongGuesses: 1, livesLeft: 6 })))(input);
      }),
      refreshMatch: fromPromise(async () => (fakes.refresh ?? (async () => aView({ status: 'lost', lossReason: 'time', word: 'lion' })))()),
    },
    actions: {
      reportProblem: (_, error) => void calls.problems.push(error),
      walletChanged: () => void calls.walletChanges++,
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

describe('hangman turn machine', () => {
  it('goes from setup through the paid start to playing, keeping the chosen setup and the server clock offset', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().value).toBe('setup');
    actor.send({ type: 'START', setup: { language: 'am', category: 'animals', difficulty: 'easy' } });
    expect(actor.getSnapshot().value).toBe('starting');
    await waitFor(actor, (s) => s.matches('playing'));
    const { context } = actor.getSnapshot();
    expect(calls.starts).toEqual([{ language: 'am', category: 'animals', difficulty: 'easy' }]);
    expect(context.matchId).toBe('m-1');
    expect(context.serverOffsetMs).toBe(-1000);
    expect(calls.walletChanges).toBe(1);
  });

  it('returns to setup and reports the refusal when the start is refused (e.g. insufficient tokens)', async () => {
    const refusal = new ApiError(422, 'insufficient_tokens', 'not enough');
    const { actor, calls } = start({ start: async () => Promise.reject(refusal) });
    actor.send({ type: 'START', setup: { language: 'en' } });
    await waitFor(actor, (s) => s.matches('setup'));
    expect(calls.problems).toEqual([refusal]);
    expect(actor.getSnapshot().context.view).toBeNull();
  });

  it('submits one move at a time and ignores keys while a move is on its way', async () => {
    let release!: (view: HangmanView) => void;
    const { actor, calls } = start({ move: () => new Promise((resolve) => (release = resolve)) });
    actor.send({ type: 'START', setup: { language: 'en' } });
    await waitFor(actor, (s) => s.matches('playing'));
    actor.send({ type: 'GUESS', letter: 'x' });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.send({ type: 'GUESS', letter: 'y' });
    actor.send({ type: 'HINT' });
    expect(calls.moves).toEqual([{ type: 'guess', letter: 'x' }]);
    release(aView({ guessed: ['x'], missed: ['x'], wrongGuesses: 1, livesLeft: 6 }));
    await waitFor(actor, (s) => s.matches('playing'));
    expect(actor.getSnapshot().context.view?.livesLeft).toBe(6);
  });

  it('does not send a letter already guessed, nor a hint when none is left', async () => {
    const { actor, calls } = start({
      start: async () => ({ matchId: 'm-1', view: aView({ guessed: ['a'], hintsLeft: 0 }), receivedAt: 0 }),
    });
    actor.send({ type: 'START', setup: { language: 'en' } });
    await waitFor(actor, (s) => s.matches('playing'));
    actor.send({ type: 'GUESS', letter: 'A' });
    actor.send({ type: 'HINT' });
    expect(actor.getSnapshot().value).toBe('playing');
    expect(calls.moves).toEqual([]);
  });

  it('ends when a move wins, refreshing the wallet for the reward', async () => {
    const won = aView({ status: 'won', word: 'lion', score: 310, tokensWon: 3, xpWon: 8 });
    const { actor, calls } = start({ move: async () => won });
    actor.send({ type: 'START', setup: { language: 'en' } });
    await waitFor(actor, (s) => s.matches('playing'));
    actor.send({ type: 'GUESS', letter: 'n' });
    await waitFor(actor, (s) => s.matches('over'));
    expect(actor.getSnapshot().context.view).toEqual(won);
    expect(calls.walletChanges).toBe(2);
  });

  it('asks the server when the countdown runs out, and ends with the lost view', async () => {
    const { actor } = start();
    actor.send({ type: 'START', setup: { language: 'en' } });
    await waitFor(actor, (s) => s.matches('playing'));
    actor.send({ type: 'TIME_UP' });
    await waitFor(actor, (s) => s.matches('over'));
    expect(actor.getSnapshot().context.view).toMatchObject({ status: 'lost', lossReason: 'time' });
  });

  it('reports a refused move and stays in the game; a game_over refusal fetches the final view', async () => {
    const refusal = new ApiError(409, 'already_guessed', 'You already guessed that letter');
    let nextError: ApiError = refusal;
    const { actor, calls } = start({ move: async () => Promise.reject(nextError) });
    actor.send({ type: 'START', setup: { language: 'en' } });
    await waitFor(actor, (s) => s.matches('playing'));
    actor.send({ type: 'GUESS', letter: 'q' });
    await waitFor(actor, (s) => s.matches('playing') && calls.problems.length === 1);
    expect(calls.problems).toEqual([refusal]);

    nextError = new ApiError(409, 'game_over', 'This game is over');
    actor.send({ type: 'GUESS', letter: 'r' });
    await waitFor(actor, (s) => s.matches('over'));
    expect(calls.problems).toHaveLength(1);
  });

  it('plays again with the same setup, or goes back to the setup', async () => {
    const won = aView({ status: 'won', word: 'lion', score: 310, tokensWon: 3, xpWon: 8 });
    const { actor, calls } = start({ move: async () => won });
    actor.send({ type: 'START', setup: { language: 'am', difficulty: 'hard' } });
    await waitFor(actor, (s) => s.matches('playing'));
    actor.send({ type: 'GUESS', letter: 'ሀ' });
    await waitFor(actor, (s) => s.matches('over'));
    actor.send({ type: 'PLAY_AGAIN' });
    await waitFor(actor, (s) => s.matches('playing'));
    expect(calls.starts).toEqual([
      { language: 'am', difficulty: 'hard' },
      { language: 'am', difficulty: 'hard' },
    ]);
    actor.send({ type: 'GUESS', letter: 'ለ' });
    await waitFor(actor, (s) => s.matches('over'));
    actor.send({ type: 'CHANGE_SETUP' });
    expect(actor.getSnapshot().value).toBe('setup');
  });

  it('resumes a game in progress from the setup screen', () => {
    const { actor } = start();
    actor.send({ type: 'RESUME', matchId: 'm-9', view: aView({ matchId: 'm-9' }) });
    expect(actor.getSnapshot().value).toBe('playing');
    expect(actor.getSnapshot().context.matchId).toBe('m-9');
  });
});
