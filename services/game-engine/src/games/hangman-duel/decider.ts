/**
 * The word duel as a pure decider (docs/decisions/0003). startEvents() opens a match, decide() turns a command into
 * events or a named rejection, evolve() folds events into state. No clock and no chance of its own: every command
 * carries its time, hinted letters come from the match's provably fair stream (games/fair-chance.ts: the server seed
 * the service drew, the match's client seed, nonce 0; each hint where the one before left off), and the dictionary is
 * a fixed lookup that may be injected.
 *
 * A command is answered with every event it causes, in order: a move that ends a round also carries RoundEnded and
 * then the next RoundStarted or DuelFinished, so the stored state is never left between rounds.
 */
import { isHangmanLanguage, keyOfGuess, keysOf, type HangmanLanguage } from '../hangman/alphabet.ts';
import { afterDraw, chanceOfStart, drawFrom, roomSeeds } from '../fair-chance.ts';
import { isDictionaryWord, isSameWord, normaliseWord, type IsWord } from './dictionary.ts';
import type {
  DuelCommand,
  DuelEndReason,
  DuelEvent,
  DuelFinished,
  DuelRejection,
  DuelStarted,
  EndOnTime,
  GuessLetter,
  RemovalReason,
  RemovePlayer,
  SetWord,
  TimeoutTurn,
  UseHint,
} from './messages.ts';
import {
  DUEL_COMPLETION_POINTS,
  DUEL_LIVES,
  DUEL_PLAYERS_MAX,
  DUEL_PLAYERS_MIN,
  DUEL_POINTS_PER_LETTER,
  DUEL_ROOM_HINTS,
  DUEL_SETTER_POINTS,
  DUEL_TIMEOUTS_IN_A_ROW_TO_REMOVE,
} from './rules.ts';
import { isPlaying, isWordRevealed, keysOfWord, nextGuesser, nextSetter, playingIds, positionsOf, type DuelState } from './state.ts';
import { eventRun, type EventRun } from '../event-run.ts';

export interface DuelConfig {
  readonly matchId: string;
  readonly roomCode: string;
  readonly language: HangmanLanguage;
  /** Seat order. */
  readonly players: readonly string[];
  readonly turnMs: number;
  readonly durationMs: number;
  readonly startedAt: string;
}

export type DuelOutcome = DuelEvent[] | DuelRejection;

/**
 * The events that open a match: DuelStarted (with the seeds of the match's stream, from the server seed the service
 * drew), then the first round (the first seat sets). The rooms layer checks the room before starting, so a bad
 * config here (a bad server seed too) is a programming error and throws.
 */
export function startEvents(config: DuelConfig, serverSeed: string): DuelEvent[] {
  const { matchId, roomCode, language, players, turnMs, durationMs, startedAt } = config;
  if (!isHangmanLanguage(language)) throw new RangeError(`word duel: unknown language ${String(language)}`);
  if (players.length < DUEL_PLAYERS_MIN || players.length > DUEL_PLAYERS_MAX)
    throw new RangeError(`word duel: ${players.length} players, needs ${DUEL_PLAYERS_MIN}–${DUEL_PLAYERS_MAX}`);
  if (new Set(players).size !== players.length) throw new RangeError('word duel: a player is seated twice');
  if (!(turnMs > 0 && durationMs > 0)) throw new RangeError('word duel: turn and match times must be positive');
  if (Number.isNaN(Date.parse(startedAt))) throw new RangeError('word duel: startedAt is not an instant');
  // Nothing is drawn at the start: the first hint reads the stream from its beginning.
  const fairness = roomSeeds(matchId, serverSeed);
  const started: DuelStarted = {
    type: 'DuelStarted',
    data: {
      matchId,
      roomCode,
      language,
      players: [...players],
      turnMs,
      durationMs,
      startedAt,
      fairness,
      lives: DUEL_LIVES,
      roomHints: DUEL_ROOM_HINTS,
      timeoutsToRemove: DUEL_TIMEOUTS_IN_A_ROW_TO_REMOVE,
    },
  };
  return [started, { type: 'RoundStarted', data: { round: 1, setterId: players[0]!, at: startedAt } }];
}

/** The state of a match just started: the first seat's turn to set a word. */
export const initialState = (config: DuelConfig, serverSeed: string): DuelState => fold(startEvents(config, serverSeed));

/** Folds a whole stream, which starts with DuelStarted (e.g. when a match is loaded). */
export function fold(events: readonly DuelEvent[]): DuelState {
  const [first, ...rest] = events;
  if (first?.type !== 'DuelStarted') throw new Error('a word duel stream starts with DuelStarted');
  return rest.reduce(evolve, fromStarted(first));
}

export function decide(command: DuelCommand, state: DuelState, isWord: IsWord = isDictionaryWord): DuelOutcome {
  switch (command.type) {
    case 'SetWord':
      return setWord(command, state, isWord);
    case 'GuessLetter':
      return guess(command, state);
    case 'UseHint':
      return hint(command, state);
    case 'TimeoutTurn':
      return timeoutTurn(command, state);
    case 'EndOnTime':
      return endOnTime(command, state);
    case 'RemovePlayer':
      return removePlayer(command, state);
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export function evolve(state: DuelState, event: DuelEvent): DuelState {
  if (event.type === 'DuelStarted') return fromStarted(event);
  const s: DuelState = { ...state, seq: state.seq + 1 };
  switch (event.type) {
    case 'RoundStarted': {
      const { round, setterId, at } = event.data;
      return {
        ...s,
        round,
        phase: 'setting',
        setterId,
        currentPlayer: setterId,
        turn: s.turn + 1,
        turnDeadline: plusMs(at, s.turnMs),
        word: null,
        guessed: [],
        missed: [],
        setters: [...s.setters, setterId],
      };
    }
    case 'WordSet': {
      const { setterId, word, at } = event.data;
      const set: DuelState = {
        ...s,
        phase: 'guessing',
        word,
        usedWords: [...s.usedWords, word],
        timeoutsInRow: { ...s.timeoutsInRow, [setterId]: 0 },
      };
      return passTurn(set, setterId, at);
    }
    case 'LetterGuessed': {
      const { playerId, letter, hit, points, at } = event.data;
      const guessed: DuelState = {
        ...addPoints(s, playerId, points),
        guessed: [...s.guessed, letter],
        missed: hit ? s.missed : [...s.missed, letter],
        timeoutsInRow: { ...s.timeoutsInRow, [playerId]: 0 },
      };
      // A right guess keeps the turn with a fresh timer; a wrong one passes it.
      return hit ? { ...guessed, turn: s.turn + 1, turnDeadline: plusMs(at, s.turnMs) } : passTurn(guessed, playerId, at);
    }
    case 'HintUsed': {
      const { playerId, letter, at } = event.data;
      const hinted: DuelState = {
        ...s,
        guessed: [...s.guessed, letter],
        hintsUsed: s.hintsUsed + 1,
        chance: afterDraw(s.chance, event.data.bytesUsed),
        timeoutsInRow: { ...s.timeoutsInRow, [playerId]: 0 },
      };
      return passTurn(hinted, playerId, at);
    }
    case 'TurnTimedOut': {
      const { playerId, at } = event.data;
      const timedOut: DuelState = {
        ...s,
        timeoutsInRow: { ...s.timeoutsInRow, [playerId]: (s.timeoutsInRow[playerId] ?? 0) + 1 },
      };
      // A setter's timeout skips the round (RoundEnded follows); a guesser's passes the turn.
      return s.phase === 'guessing' ? passTurn(timedOut, playerId, at) : timedOut;
    }
    case 'PlayerRemoved': {
      const { playerId, reason, at } = event.data;
      const removed: DuelState = {
        ...s,
        players: s.players.map((p) => (p.id === playerId ? { id: p.id, status: 'left', leftReason: reason } : p)),
      };
      return s.phase === 'guessing' && s.currentPlayer === playerId ? passTurn(removed, playerId, at) : removed;
    }
    case 'RoundEnded': {
      const { round, setterId, word, outcome, solvedBy, bonus } = event.data;
      const ended = bonus ? addPoints(s, bonus.playerId, bonus.points) : s;
      return {
        ...ended,
        phase: 'round_over',
        currentPlayer: null,
        turnDeadline: null,
        history: [...s.history, { round, setterId, word, outcome, ...(solvedBy ? { solvedBy } : {}) }],
      };
    }
    case 'DuelFinished': {
      const { reason, winners, at } = event.data;
      return {
        ...s,
        status: 'finished',
        phase: 'finished',
        currentPlayer: null,
        turnDeadline: null,
        winners,
        finishedAt: at,
        endReason: reason,
      };
    }
  }
}

// Commands -------------------------------------------------------------------------------------------------------

/** The checks every player's move shares; null when the move may go on to its own checks. */
function checkMove(state: DuelState, playerId: string, at: string): DuelOutcome | null {
  if (state.status === 'finished') return 'game_over';
  if (!isPlaying(state, playerId)) return 'not_your_match';
  // The match ran out before this move: it ends now, on time, instead of applying.
  if (isAtOrAfter(at, state.matchDeadline)) return [finished(state, 'time', at)];
  return null;
}

/** A move after the turn's deadline counts as the timeout it came too late for. */
const isLate = (state: DuelState, at: string): boolean => state.turnDeadline !== null && isAtOrAfter(at, state.turnDeadline);

function setWord(command: SetWord, state: DuelState, isWord: IsWord): DuelOutcome {
  const { playerId, at } = command.data;
  const failed = checkMove(state, playerId, at);
  if (failed) return failed;
  if (state.phase !== 'setting') return 'not_setting_phase';
  if (state.setterId !== playerId) return 'not_the_setter';
  if (isLate(state, at)) return timeOut(state, at);
  const word = normaliseWord(state.language, command.data.word);
  if (word === null || !isWord(state.language, word)) return 'invalid_word';
  if (state.usedWords.some((used) => isSameWord(state.language, used, word))) return 'duplicate_word';
  return [{ type: 'WordSet', data: { setterId: playerId, word, at } }];
}

function guess(command: GuessLetter, state: DuelState): DuelOutcome {
  const { playerId, at } = command.data;
  const failed = checkMove(state, playerId, at);
  if (failed) return failed;
  if (state.phase !== 'guessing') return 'not_guessing_phase';
  if (state.currentPlayer !== playerId) return 'not_your_turn';
  if (isLate(state, at)) return timeOut(state, at);
  const letter = keyOfGuess(state.language, command.data.letter);
  if (letter === null) return 'not_a_letter_of_this_language';
  if (state.guessed.includes(letter)) return 'already_guessed';
  const revealedPositions = positionsOf(state, letter);
  const hit = revealedPositions.length > 0;
  const points = revealedPositions.length * DUEL_POINTS_PER_LETTER;
  const run = runFrom(state);
  run.push({ type: 'LetterGuessed', data: { playerId, letter, hit, revealedPositions, points, at } });
  if (isWordRevealed(run.state)) {
    run.push(roundEnded(run.state, 'solved', at, { solvedBy: playerId, bonusTo: playerId, points: DUEL_COMPLETION_POINTS }));
  } else if (run.state.missed.length >= run.state.lives) {
    const setter = run.state.setterId!;
    // A setter who has left scores nothing more.
    const bonusTo = isPlaying(run.state, setter) ? setter : undefined;
    run.push(roundEnded(run.state, 'failed', at, { bonusTo, points: DUEL_SETTER_POINTS }));
  }
  return settle(run, at);
}

/**
 * A hint shows one letter not yet shown, `pick`ed from the match's stream among the word's letters not yet shown (in
 * keyboard order); it scores nothing and passes the turn.
 */
function hint(command: UseHint, state: DuelState): DuelOutcome {
  const { playerId, at } = command.data;
  const failed = checkMove(state, playerId, at);
  if (failed) return failed;
  if (state.phase !== 'guessing') return 'not_guessing_phase';
  if (state.currentPlayer !== playerId) return 'not_your_turn';
  if (isLate(state, at)) return timeOut(state, at);
  if (state.hintsUsed >= state.roomHints) return 'no_room_hints_left';
  const inWord = new Set(keysOfWord(state));
  const candidates = keysOf(state.language).filter((key) => inWord.has(key) && !state.guessed.includes(key));
  const { value: letter, bytesUsed } = drawFrom(state.chance, (random) => random.pick(candidates));
  const run = runFrom(state);
  run.push({ type: 'HintUsed', data: { playerId, letter, revealedPositions: positionsOf(state, letter), at, bytesUsed } });
  // A hint that shows the last letter solves the word for nobody: no completion points.
  if (isWordRevealed(run.state)) run.push(roundEnded(run.state, 'solved', at, {}));
  return settle(run, at);
}

/** A stale or repeated timer (its turn is over, or the match is) changes nothing. */
function timeoutTurn(command: TimeoutTurn, state: DuelState): DuelOutcome {
  const { turn, at } = command.data;
  if (state.status === 'finished') return [];
  if (isAtOrAfter(at, state.matchDeadline)) return [finished(state, 'time', at)];
  if (turn !== state.turn || state.currentPlayer === null) return [];
  return timeOut(state, at);
}

function endOnTime(command: EndOnTime, state: DuelState): DuelOutcome {
  const { at } = command.data;
  if (state.status === 'finished') return [];
  if (!isAtOrAfter(at, state.matchDeadline)) return 'deadline_not_reached';
  return [finished(state, 'time', at)];
}

function removePlayer(command: RemovePlayer, state: DuelState): DuelOutcome {
  const { playerId, at, reason } = command.data;
  if (!state.players.some((p) => p.id === playerId)) return 'not_your_match';
  if (state.status === 'finished' || !isPlaying(state, playerId)) return [];
  if (isAtOrAfter(at, state.matchDeadline)) return [finished(state, 'time', at)];
  const run = runFrom(state);
  remove(run, playerId, reason, at);
  return settle(run, at);
}

// Helpers ---------------------------------------------------------------------------------------------------------

type Run = EventRun<DuelState, DuelEvent>;
const runFrom = (initial: DuelState): Run => eventRun(initial, evolve);

/** The current player's turn ran out: a setter's round is skipped, a guesser's turn passes; 3 in a row and out. */
function timeOut(state: DuelState, at: string): DuelEvent[] {
  const playerId = state.currentPlayer!;
  const run = runFrom(state);
  const wasSetting = state.phase === 'setting';
  run.push({ type: 'TurnTimedOut', data: { playerId, turn: state.turn, at } });
  if ((run.state.timeoutsInRow[playerId] ?? 0) >= run.state.timeoutsToRemove) {
    remove(run, playerId, 'timeouts', at);
  } else if (wasSetting) {
    run.push(roundEnded(run.state, 'skipped', at, {}));
  }
  return settle(run, at);
}

/** Takes a player out; a setter who goes before setting skips their round. */
function remove(run: Run, playerId: string, reason: RemovalReason, at: string): void {
  const wasSetter = run.state.phase === 'setting' && run.state.setterId === playerId;
  run.push({ type: 'PlayerRemoved', data: { playerId, reason, at } });
  if (wasSetter) run.push(roundEnded(run.state, 'skipped', at, {}));
}

/** What follows a command's own events: the match ends when fewer than 2 remain, else a round over starts the next. */
function settle(run: Run, at: string): DuelEvent[] {
  const state = run.state;
  if (state.status === 'finished') return run.events;
  if (playingIds(state).length < 2) {
    run.push(finished(state, 'players', at));
  } else if (state.phase === 'round_over') {
    const setterId = nextSetter(state);
    run.push(setterId === null ? finished(state, 'all_set', at) : { type: 'RoundStarted', data: { round: state.round + 1, setterId, at } });
  }
  return run.events;
}

function roundEnded(
  state: DuelState,
  outcome: 'solved' | 'failed' | 'skipped',
  at: string,
  { solvedBy, bonusTo, points = 0 }: { solvedBy?: string; bonusTo?: string | undefined; points?: number },
): DuelEvent {
  return {
    type: 'RoundEnded',
    data: {
      round: state.round,
      setterId: state.setterId!,
      word: state.word,
      outcome,
      ...(solvedBy ? { solvedBy } : {}),
      bonus: bonusTo ? { playerId: bonusTo, points } : null,
      at,
    },
  };
}

/**
 * The end of the match. Winners are the remaining players with the highest total; a tie shares, listed first
 * finisher first: the one who reached their final score earliest (then seat order).
 */
function finished(state: DuelState, reason: DuelEndReason, at: string): DuelFinished {
  return { type: 'DuelFinished', data: { reason, winners: winnersOf(state), at } };
}

export function winnersOf(state: DuelState): string[] {
  const remaining = playingIds(state);
  if (remaining.length === 0) return [];
  const best = Math.max(...remaining.map((id) => state.scores[id] ?? 0));
  return remaining.filter((id) => (state.scores[id] ?? 0) === best).sort((a, b) => (state.scoredAt[a] ?? 0) - (state.scoredAt[b] ?? 0));
}

/** Hands the turn to the next guesser after `from`, with a fresh timer. */
function passTurn(state: DuelState, from: string, at: string): DuelState {
  const next = nextGuesser(state, from);
  return { ...state, currentPlayer: next, turn: state.turn + 1, turnDeadline: next === null ? null : plusMs(at, state.turnMs) };
}

function addPoints(state: DuelState, playerId: string, points: number): DuelState {
  if (points <= 0) return state;
  return {
    ...state,
    scores: { ...state.scores, [playerId]: (state.scores[playerId] ?? 0) + points },
    scoredAt: { ...state.scoredAt, [playerId]: state.seq },
  };
}

function fromStarted(event: DuelStarted): DuelState {
  const { matchId, roomCode, language, players, turnMs, durationMs, startedAt, lives, roomHints, timeoutsToRemove } = event.data;
  const zeroes = Object.fromEntries(players.map((id) => [id, 0]));
  return {
    status: 'playing',
    matchId,
    roomCode,
    language,
    chance: chanceOfStart(event.data),
    startedAt,
    turnMs,
    durationMs,
    matchDeadline: plusMs(startedAt, durationMs),
    lives,
    roomHints,
    timeoutsToRemove,
    players: players.map((id) => ({ id, status: 'playing' })),
    scores: zeroes,
    scoredAt: zeroes,
    timeoutsInRow: zeroes,
    setters: [],
    round: 0,
    phase: 'setting',
    setterId: null,
    currentPlayer: null,
    turn: 0,
    turnDeadline: null,
    word: null,
    guessed: [],
    missed: [],
    hintsUsed: 0,
    usedWords: [],
    history: [],
    winners: [],
    finishedAt: null,
    endReason: null,
    seq: 1,
  };
}

const plusMs = (at: string, ms: number): string => new Date(Date.parse(at) + ms).toISOString();

const isAtOrAfter = (at: string, deadline: string): boolean => Date.parse(at) >= Date.parse(deadline);
