/**
 * What a player (or a spectator) sees of a word duel. The round's word reaches only its setter until the round is
 * over; everyone sees it in lastRounds once it is, and the interrupted round's word once the match is finished.
 * Before that a letter's slot is null until its key is guessed or hinted (spaces show from the start). The fairness
 * commitment shows from the start, the server seed once the match is finished.
 */
import { DuelView } from '@qal/events';
import { fairnessView } from '../fair-chance.ts';
import { charactersOf } from '../hangman/alphabet.ts';
import { keysOfWord, type DuelState } from './state.ts';

/** The schema is the client contract (@qal/events contracts/duel.ts); this file builds it from the state. */
export { DuelView };

export interface ViewOptions {
  /** Show the current word to everyone (the replay of a finished match). */
  readonly revealWord?: boolean;
}

/**
 * What every viewer of a state sees (the word only once its round is over), built once per state: a move's push
 * gives each player a view of the same state, and a state is never changed (the decider folds into new ones). Its
 * readers only read it (encode it, send it).
 */
const everyoneSees = new WeakMap<DuelState, DuelView>();

/** The view for `playerId`, or for a spectator / the public when null. */
export function viewFor(state: DuelState, playerId: string | null, options: ViewOptions = {}): DuelView {
  if (options.revealWord === true) return build(state, true);
  let shared = everyoneSees.get(state);
  if (!shared) everyoneSees.set(state, (shared = build(state, false)));
  const setterSees = state.word !== null && shared.word === undefined && playerId !== null && playerId === state.setterId;
  return setterSees ? { ...shared, word: state.word! } : shared;
}

function build(state: DuelState, revealWord: boolean): DuelView {
  const roundOver = state.phase === 'round_over' || state.phase === 'finished';
  const showWord = state.word !== null && (revealWord || roundOver);
  const remainingSetters = state.players.filter((p) => p.status === 'playing' && !state.setters.includes(p.id)).length;
  const view: DuelView = {
    mode: 'duel',
    matchId: state.matchId,
    roomCode: state.roomCode,
    language: state.language,
    status: state.status,
    round: state.round,
    rounds: state.status === 'finished' ? state.round : state.round + remainingSetters,
    phase: state.phase === 'finished' ? 'finished' : state.phase === 'setting' ? 'setting' : 'guessing',
    setterId: state.setterId,
    currentPlayerId: state.currentPlayer,
    turn: state.turn,
    turnDeadline: state.turnDeadline,
    matchDeadline: state.matchDeadline,
    slots: slotsOf(state),
    guessed: [...state.guessed],
    missed: [...state.missed],
    wrongGuesses: state.missed.length,
    livesLeft: Math.max(0, state.lives - state.missed.length),
    hintsLeft: Math.max(0, state.roomHints - state.hintsUsed),
    scores: { ...state.scores },
    players: state.players.map((p) => ({ id: p.id, status: p.status, timeoutsInRow: state.timeoutsInRow[p.id] ?? 0 })),
    lastRounds: state.history.map((r) => ({ ...r })),
    fairness: fairnessView(state.chance, state.status === 'finished'),
  };
  if (showWord) view.word = state.word!;
  if (state.status === 'finished') {
    view.winners = [...state.winners];
    view.finishedAt = state.finishedAt!;
  }
  return view;
}

/** What anyone may see: no word before its round is over. */
export const publicView = (state: DuelState): DuelView => viewFor(state, null);

/** Revealed letters (and spaces) as themselves, the rest null; null while no word is set. The word itself is `word`. */
function slotsOf(state: DuelState): (string | null)[] | null {
  if (state.word === null) return null;
  const characters = charactersOf(state.word);
  return keysOfWord(state).map((key, index) => (key === null || state.guessed.includes(key) ? characters[index]! : null));
}
