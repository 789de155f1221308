/**
 * What the player sees of a Rapid Recall game at an instant (decision 4): during the showing, the one item due then
 * and nothing else of the round's sequence; never an item of a later round. The rounds already over show their
 * sequences (they are past). Once the game is over: every sequence drawn at the start, for the verifier.
 */
import { RapidRecallPlay, type RapidRecallPhase, type RapidRecallRound } from '@qal/events';
import { RAPID_RECALL_POOLS } from './rules.ts';
import { inputClosesAtMs, inputOpensAtMs, sequenceOf, showAtMs, type RapidRecallState, type RoundRecord } from './state.ts';

export { RapidRecallPlay };

const iso = (epochMs: number): string => new Date(epochMs).toISOString();

const roundView = (state: RapidRecallState, record: RoundRecord): RapidRecallRound => ({
  round: record.round,
  length: record.length,
  outcome: record.outcome,
  points: record.points,
  sequence: [...sequenceOf(state, record.round, record.length)],
  answer: record.answer === null ? null : [...record.answer],
});

interface Moment {
  readonly phase: RapidRecallPhase;
  readonly showing: { index: number; item: string } | null;
  readonly nextChangeAt: number | null;
}

/** Where the round stands at `now` (epoch ms). */
function momentOf(state: RapidRecallState, now: number): Moment {
  if (state.status === 'over') return { phase: 'over', showing: null, nextChangeAt: null };
  const startsAt = showAtMs(state, 0);
  if (now < startsAt) return { phase: 'waiting', showing: null, nextChangeAt: startsAt };
  const opensAt = inputOpensAtMs(state);
  if (now < opensAt) {
    const index = Math.floor((now - startsAt) / state.timing.itemMs);
    // Only the item due now: the ones before it in the round are hidden again, the ones after it not yet drawn out.
    return {
      phase: 'showing',
      showing: { index, item: state.sequences[state.round - 1]![index]! },
      nextChangeAt: showAtMs(state, index + 1),
    };
  }
  const closesAt = inputClosesAtMs(state);
  if (now < closesAt) return { phase: 'input', showing: null, nextChangeAt: closesAt };
  // The window has closed; the engine's expiry will take the life and start the next round.
  return { phase: 'timed_out', showing: null, nextChangeAt: null };
}

export function viewFor(state: RapidRecallState, now: string): RapidRecallPlay {
  const moment = momentOf(state, Date.parse(now));
  const last = state.rounds.at(-1);
  const view: RapidRecallPlay = {
    kind: state.kind,
    pad: [...RAPID_RECALL_POOLS[state.kind]],
    round: state.round,
    length: state.length,
    lives: state.lives,
    livesMax: state.timing.lives,
    score: state.score,
    longest: state.longest,
    winLength: state.timing.winLength,
    lengthMax: state.timing.lengthMax,
    phase: moment.phase,
    roundStartsAt: state.roundStartsAt,
    itemMs: state.timing.itemMs,
    inputOpensAt: iso(inputOpensAtMs(state)),
    inputClosesAt: iso(inputClosesAtMs(state)),
    showing: moment.showing,
    nextChangeAt: moment.nextChangeAt === null ? null : iso(moment.nextChangeAt),
    last: last ? roundView(state, last) : null,
  };
  if (state.status === 'over') {
    view.endReason = state.endReason!;
    view.rounds = state.rounds.map((record) => roundView(state, record));
    view.sequences = state.sequences.map((sequence) => [...sequence]);
  }
  return view;
}
