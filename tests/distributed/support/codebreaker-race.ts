/**
 * The Codebreaker race as the fault scenarios play it in a room (rooms.ts): 2–3 players sending through alternating
 * gateways, an entry fee and a bet, one shared secret code and no turns (each guesses at its own pace). The plan, by
 * seat: the host misses once then solves, the second player solves at its first guess, a third (when there is one)
 * misses every attempt; so the second player wins (a solve in fewer attempts scores more) and all three ends of a
 * racer (solved, out of attempts) are played. The code is read from the race's start event, as only the engine may.
 *
 * After the fault, on top of the room's money checks (invariants.ts): the winners are the top scorers, every racer
 * ended as planned, every player's final view shows the code, the server seed revealed matches the commitment the
 * race showed from its start, and the replay has one step per event of the race's stream.
 */
import { createHash } from 'node:crypto';
import type { CodeRaceView } from '@qal/events';
import { expect } from 'vitest';
import type { Cluster } from './cluster.ts';
import { playRoom, readMatchView, type RoomGame, type RoomJourney } from './rooms.ts';

export type { CodeRaceView } from '@qal/events';

/** The race's attempts (games/codebreaker-race/rules.ts CODE_RACE_ATTEMPTS). */
const RACE_ATTEMPTS = 7;

/** Seat i's plan: how many wrong guesses first, then whether it guesses the code. */
const PLAN: readonly { readonly misses: number; readonly solves: boolean }[] = [
  { misses: 1, solves: true },
  { misses: 0, solves: true },
  { misses: RACE_ATTEMPTS, solves: false },
];
const planOf = (seat: number) => PLAN[seat % PLAN.length]!;

/** A wrong guess: the code's digits rotated (they are distinct, so a rotation is never the code). */
const wrongGuess = (code: string, attempt: number) => {
  const shift = (attempt % (code.length - 1)) + 1;
  return code.slice(shift) + code.slice(0, shift);
};

/** How far a race has come: finished last; then the guesses and hints taken (they only grow). */
const progress = (v: CodeRaceView): number[] => [
  v.status === 'finished' ? 1 : 0,
  v.players.reduce((n, p) => n + p.attemptsUsed, 0),
  v.hints.length,
];

export const raceGame: RoomGame<CodeRaceView> = {
  game: 'codebreaker',
  gameDuration: 'normal',
  // the race's least entry fee (CODE_RACE_ENTRY_FEE_MIN)
  entryFee: 5,
  stake: 10,
  streamPrefix: 'match-',
  finishedEvent: 'CodeRaceFinished',
  // no turns and a 5-minute clock: nothing a fault delays makes the race move on without a racer
  movedOn: new Set(['game_over']),
  winnersOf: (view) => view.winners,
  newer(a, b) {
    if (!a || !b) return a ?? b;
    const [pa, pb] = [progress(a), progress(b)];
    const first = pa.findIndex((x, i) => x !== pb[i]);
    return first >= 0 && pa[first]! > pb[first]! ? a : b;
  },
  describe(final, name) {
    const racers = final.players.map((p) => `${name(p.id)} ${p.status} in ${p.attemptsUsed} (score ${p.score})`).join(', ');
    return `code ${final.code ?? '?'}; ${racers}`;
  },
  expectFinal: expectRaceFinal,
};

/** The race's secret code, from its start event. */
export async function raceCode(cluster: Cluster, matchId: string): Promise<string> {
  const { rows } = await cluster.db.query<{ code: string }>(
    `select data->>'code' as code from eventstore.events where stream_id = $1 and type = 'CodeRaceStarted'`,
    [`match-${matchId}`],
  );
  if (!rows[0]) throw new Error(`race ${matchId} has not started`);
  return rows[0].code;
}

/** Every racer plays its seat's plan from its own view until the race is over. */
export async function playRace(cluster: Cluster, room: RoomJourney<CodeRaceView>): Promise<void> {
  const code = await raceCode(cluster, room.matchId);
  await playRoom(room, ({ player }) => {
    const plan = planOf(room.players.findIndex((j) => j.player.userId === player.userId));
    const guesses = plan.misses + (plan.solves ? 1 : 0);
    const me = (v: CodeRaceView) => v.players.find((p) => p.id === player.userId);
    return {
      hasMoveNow: (v) => v.status === 'playing' && me(v)?.status === 'racing' && me(v)!.attemptsUsed < guesses,
      next(v) {
        const attempt = me(v)!.attemptsUsed;
        const digits = attempt < plan.misses ? wrongGuess(code, attempt) : code;
        return { label: `guess ${attempt + 1} ${digits === code ? 'the code' : digits}`, move: { type: 'guess_code', digits } };
      },
    };
  });
}

async function expectRaceFinal(cluster: Cluster, room: RoomJourney<CodeRaceView>): Promise<void> {
  const final = room.final!;
  const code = await raceCode(cluster, room.matchId);
  // the winners: the top scorers (a tie shares)
  const top = Math.max(...final.players.map((p) => p.score));
  expect([...final.winners].sort(), `${room.label}: the winners are the top scorers`).toEqual(
    final.players
      .filter((p) => p.score === top)
      .map((p) => p.id)
      .sort(),
  );
  // every racer ended as its plan says
  expect(
    room.players.map(({ player }, seat) => {
      const racer = final.players.find((p) => p.id === player.userId);
      return { seat, status: racer?.status, attempts: racer?.attemptsUsed };
    }),
    `${room.label}: each racer's end`,
  ).toEqual(
    room.players.map((_, seat) => {
      const plan = planOf(seat);
      return { seat, status: plan.solves ? 'solved' : 'out_of_attempts', attempts: plan.misses + (plan.solves ? 1 : 0) };
    }),
  );
  // every player's final view: over, the code shown, the seed revealed and matching the commitment
  for (const { player } of room.players) {
    const mine = await readMatchView<CodeRaceView>(player, room.matchId);
    expect({ status: mine.status, code: mine.code, winners: mine.winners }, `${player.name}: the final view`).toEqual({
      status: 'finished',
      code,
      winners: final.winners,
    });
    const seed = mine.fairness.serverSeed;
    expect(seed, `${player.name}: the server seed revealed`).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(seed!, 'hex')).digest('hex'), `${player.name}: the seed matches the commitment`).toBe(
      mine.fairness.commitment,
    );
  }
  // the replay: one step per event of the race's stream, the same end
  const { rows } = await cluster.db.query<{ n: number }>(`select count(*)::int as n from eventstore.events where stream_id = $1`, [
    `match-${room.matchId}`,
  ]);
  const answer = await room.host.player.settle('replay', 'GET', `/matches/${room.matchId}/replay`);
  expect(answer.status, `${room.label}: the replay`).toBe(200);
  const replay = answer.body.data as { kind: string; final: CodeRaceView; steps: { view: CodeRaceView }[] };
  expect(replay.kind).toBe('codebreaker-race');
  expect(replay.steps.length, `${room.label}: one replay step per event`).toBe(rows[0]!.n);
  expect(replay.final.winners).toEqual(final.winners);
}
