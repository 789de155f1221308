/** What one player of a race may see: their own digits, the others' pegs only; everything once it is over. */
import type { CodeRaceView } from '@qal/events';
import { CODE_RACE_HINTS } from './rules.ts';
import { clientSeedOf, type CodeRaceState } from './decider.ts';

/** `reveal`: a replay's step, after the end: every digit and the code shown whatever the step's time. */
export function raceViewFor(state: CodeRaceState, viewerId: string | null, reveal = false): CodeRaceView {
  const over = reveal || state.finishedAt !== null;
  const { start } = state;
  return {
    mode: 'codebreaker-race',
    matchId: start.matchId,
    roomCode: start.roomCode,
    status: over ? 'finished' : 'playing',
    codeLength: start.code.length,
    attemptsMax: start.attempts,
    players: state.racers.map((racer) => ({
      id: racer.id,
      status: racer.status,
      attemptsUsed: racer.guesses.length,
      guesses: racer.guesses.map((g) => ({ ...g, digits: over || racer.id === viewerId ? g.digits : null })),
      score: racer.score,
    })),
    hints: start.hints.slice(0, state.hintsTaken),
    hintsMax: Math.min(CODE_RACE_HINTS, start.hints.length),
    startedAt: start.at,
    deadline: start.deadline,
    me: viewerId,
    winners: [...state.winners],
    code: over ? start.code : null,
    fairness: {
      commitment: start.commitment,
      serverSeed: over ? start.serverSeed : null,
      clientSeed: clientSeedOf(start.matchId),
      nonce: 0,
    },
  };
}
