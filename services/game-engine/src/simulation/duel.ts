/**
 * Seeded simulation of the word duel through the real decider and dictionary: random players play whole duels, with
 * wrong-turn moves, invalid and duplicate words, hints, timeouts from a sweeper-like timer (delivered twice now and
 * then), leaves and the match clock. After every accepted step the invariants hold and no view shows the word to
 * anyone but its setter; every match ends, scores exactly the points its events pay and replays to the same state.
 */
import { HANGMAN_LANGUAGES, keysOf, type HangmanLanguage } from '../games/hangman/alphabet.ts';
import { WORD_BANK } from '../games/hangman/words/word-bank.ts';
import { decide, evolve, fold, startEvents } from '../games/hangman-duel/decider.ts';
import { normaliseWord } from '../games/hangman-duel/dictionary.ts';
import { DuelEvent, type DuelCommand, type DuelRejection } from '../games/hangman-duel/messages.ts';
import { replay } from '../games/hangman-duel/replay.ts';
import { DUEL_DURATION_SECONDS, DUEL_LIVES, DUEL_ROOM_HINTS, DUEL_TURN_SECONDS } from '../games/hangman-duel/rules.ts';
import { playingIds, type DuelState } from '../games/hangman-duel/state.ts';
import { DuelView, viewFor } from '../games/hangman-duel/view.ts';
import { testRandom, testServerSeed } from '../fairness/testing.ts';
import { invariant, same } from './check.ts';
import { checkDuelView } from './views.ts';

const STARTED_AT_MS = Date.parse('2026-03-01T09:00:00.000Z');
/** Steps tried per match before giving up on it (a match still playing then is a failure). */
const STEP_CAP = 2_000;
/** One match in this many has every event and every replayed view checked against its schema. */
const SCHEMA_EVERY = 5;

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

export interface DuelMatch {
  readonly label: string;
  readonly events: DuelEvent[];
  readonly state: DuelState;
  readonly rejections: Map<string, number>;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const wordsByLanguage = new Map<HangmanLanguage, string[]>();
function wordsOf(language: HangmanLanguage): string[] {
  let words = wordsByLanguage.get(language);
  if (!words) {
    words = WORD_BANK[language].map((e) => e.word).filter((w) => normaliseWord(language, w) === w);
    wordsByLanguage.set(language, words);
  }
  return words;
}

function checkInvariants(state: DuelState, previous: DuelState, label: string): void {
  const where = `${label}, turn ${state.turn}`;
  invariant(state.missed.length <= DUEL_LIVES, `${where}: ${state.missed.length} misses`);
  invariant(state.hintsUsed <= DUEL_ROOM_HINTS, `${where}: ${state.hintsUsed} hints used`);
  for (const [id, score] of Object.entries(state.scores)) invariant(score >= 0, `${where}: ${id} scores ${score}`);
  invariant(state.turn >= previous.turn, `${where}: the turn went back from ${previous.turn}`);
  invariant(new Set(state.setters).size === state.setters.length, `${where}: a player set twice`);
  invariant(new Set(state.usedWords).size === state.usedWords.length, `${where}: a word used twice`);
  const remaining = playingIds(state);
  if (state.status === 'playing') {
    invariant(remaining.length >= 2, `${where}: playing with ${remaining.length}`);
    invariant(state.currentPlayer !== null && remaining.includes(state.currentPlayer), `${where}: the turn is on nobody still in`);
    if (state.phase === 'setting') invariant(state.currentPlayer === state.setterId, `${where}: someone else's turn to set`);
    if (state.phase === 'guessing') invariant(state.currentPlayer !== state.setterId, `${where}: the setter guesses`);
    invariant(state.phase === 'setting' || state.phase === 'guessing', `${where}: phase ${state.phase} while playing`);
    invariant(state.missed.length < DUEL_LIVES, `${where}: still guessing with no lives left`);
    // The word reaches nobody but its setter before its round is over.
    for (const viewer of [...state.players.map((p) => p.id), null]) {
      const view = viewFor(state, viewer);
      checkDuelView(state, viewer, view, where);
      if (state.phase === 'guessing') invariant(view.slots?.includes(null), `${where}: every letter shows mid-round to ${viewer}`);
    }
  } else {
    invariant(state.phase === 'finished' && state.finishedAt !== null, `${where}: finished in phase ${state.phase}`);
    const best = Math.max(...remaining.map((id) => state.scores[id]!));
    invariant(state.winners.length > 0, `${where}: no winner`);
    for (const id of state.winners) invariant(state.scores[id] === best, `${where}: winner ${id} without the best score`);
    same(new Set(state.winners), new Set(remaining.filter((id) => state.scores[id] === best)), `${where}: winners`);
    if (state.endReason === 'players') invariant(remaining.length === 1, `${where}: "players" end with ${remaining.length} left`);
    if (state.endReason === 'time')
      invariant(Date.parse(state.finishedAt!) >= Date.parse(state.matchDeadline), `${where}: ended on time before the deadline`);
    if (state.endReason === 'all_set') {
      for (const id of remaining) invariant(state.setters.includes(id), `${where}: all set, but ${id} never set`);
      invariant(Date.parse(state.finishedAt!) < Date.parse(state.matchDeadline), `${where}: all set after the deadline`);
    }
  }
}

/** One whole duel in `language`, named by `label` (its players, words and choices come from it). */
export function playDuel(language: HangmanLanguage, label: string): DuelMatch {
  const random = testRandom(`players:${label}`);
  const words = wordsOf(language);
  const keys = keysOf(language);
  const rush = random() < 0.5;
  const playerCount = 2 + Math.floor(random() * 7);
  const players = Array.from({ length: playerCount }, (_, i) => `p${i}`);
  const events = startEvents(
    {
      matchId: `m-${label}`,
      roomCode: 'ABC234',
      language,
      players,
      turnMs: (rush ? DUEL_TURN_SECONDS.rush : DUEL_TURN_SECONDS.normal) * 1000,
      durationMs: (rush ? DUEL_DURATION_SECONDS.rush : DUEL_DURATION_SECONDS.normal) * 1000,
      startedAt: new Date(STARTED_AT_MS).toISOString(),
    },
    testServerSeed(label),
  );
  let state = fold(events);
  const rejections = new Map<string, number>();
  let now = STARTED_AT_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  const apply = (command: DuelCommand) => {
    const outcome = decide(command, state);
    if (typeof outcome === 'string') {
      invariant(EXPECTED.has(outcome), `${label}: ${command.type} rejected with ${outcome}`);
      rejections.set(outcome, (rejections.get(outcome) ?? 0) + 1);
      return;
    }
    const before = state;
    for (const event of outcome) {
      const previous = state;
      state = evolve(state, event);
      events.push(event);
      // Between a command's events (e.g. the seventh miss before its RoundEnded) only the counters are checked.
      invariant(state.turn >= previous.turn, `${label}: the turn went back within ${command.type}`);
      invariant(state.missed.length <= DUEL_LIVES, `${label}: ${state.missed.length} misses within ${command.type}`);
    }
    checkInvariants(state, before, label);
  };
  for (let step = 0; state.status === 'playing' && step < STEP_CAP; step++) {
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
  return { label, events, state, rejections };
}

/** What must hold of every finished match: it ended, its scores are its events' points, its stream replays to it. */
function checkFinished({ label, events, state }: DuelMatch, schemas: boolean): void {
  invariant(state.status === 'finished', `${label}: still playing after ${STEP_CAP} steps`);
  const paid: Record<string, number> = {};
  for (const event of events) {
    if (event.type === 'LetterGuessed') paid[event.data.playerId] = (paid[event.data.playerId] ?? 0) + event.data.points;
    if (event.type === 'RoundEnded' && event.data.bonus)
      paid[event.data.bonus.playerId] = (paid[event.data.bonus.playerId] ?? 0) + event.data.bonus.points;
  }
  for (const [id, score] of Object.entries(state.scores)) same(score, paid[id] ?? 0, `${label}: the score of ${id}`);
  same(fold(events), state, `${label}: the state folded from its events`);
  if (schemas) {
    for (const event of events) DuelEvent.parse(event);
    for (const view of replay(events)) DuelView.parse(view);
  }
}

/** `size` whole duels of seed `seed` in each language (all of them by default), each checked when it ends. */
export function simulateDuel(seed: number, size: number, languages: readonly HangmanLanguage[] = HANGMAN_LANGUAGES): DuelMatch[] {
  const matches: DuelMatch[] = [];
  for (const language of languages)
    for (let i = 0; i < size; i++) {
      const match = playDuel(language, `duel-${seed}-${i}`);
      checkFinished(match, (seed + i) % SCHEMA_EVERY === 0);
      matches.push(match);
    }
  return matches;
}
