/**
 * Crazy as the fault scenarios play it in a room (rooms.ts): three players sending through gateways
 * 1, 2, 1, an entry fee of Crazy's price and a bet, each playing from its own view with crazy-strategy.ts (over
 * HTTP; pushes on the other gateway tell it when its turn comes) until the match is over.
 *
 * After the fault, on top of the room's money checks (invariants.ts): one winner, who emptied their hand (or was
 * the last one left); the 104 cards of the two decks in the final views, in every step of the replay and, each
 * card once, in the engine's read model, whose state has folded every event of the match's stream exactly once.
 */
import { crazy } from '@qal/game-engine';
import { expect } from 'vitest';
import type { Cluster } from './cluster.ts';
import { hasMoveNow, moveLabel, nextCrazyMove, type CrazyView } from './crazy-strategy.ts';
import { playRoom, readMatchView, turnsTimedOut, type RoomGame, type RoomJourney } from './rooms.ts';

export type { CrazyView } from './crazy-strategy.ts';

const DECK_CARDS = crazy.ALL_CARD_IDS.length;
/**
 * Refusals that are an outcome when the game moved on without the mover. Every one but `game_over` (someone won
 * while a player declared Qeregn) needs a turn the timer took: a move decided on the player's turn finds it gone
 * (`not_your_turn`), the player out after 3 of them (`not_your_match`), or play come round to them again in
 * another state of their turn (the rest).
 */
const MOVED_ON = [
  'game_over',
  'not_your_turn',
  'not_your_match',
  'already_drew',
  'draw_first',
  'must_answer_penalty',
  'no_penalty',
  'nothing_to_draw',
  'suit_change_locked',
  'qeregn_needs_one_card',
  'already_said_qeregn',
];

/**
 * How far a match has come, as a view shows it: finished last; then the turn counter; within a turn only draws
 * (more cards in hands), declarations and the turn's draw change what a player decides on, and never go back.
 */
const progress = (v: CrazyView): number[] => [
  v.status === 'finished' ? 1 : 0,
  v.turnNumber,
  Object.values(v.counts).reduce((a, b) => a + b, 0),
  Object.values(v.saidQeregn).filter(Boolean).length,
  v.hasDrawn ? 1 : 0,
];

const cardsIn = (v: CrazyView) => Object.values(v.counts).reduce((a, b) => a + b, 0) + v.deckCount + v.pileCount;

export const crazyGame: RoomGame<CrazyView> = {
  game: 'crazy',
  gameDuration: 'normal',
  // Crazy's price in the catalogue is the least entry fee a Crazy room may ask
  entryFee: 15,
  stake: 10,
  streamPrefix: 'crazy-',
  finishedEvent: 'CrazyFinished',
  movedOn: new Set(MOVED_ON),
  winnersOf: (view) => (view.winner === null ? [] : [view.winner]),
  newer(a, b) {
    if (!a || !b) return a ?? b;
    const [pa, pb] = [progress(a), progress(b)];
    const first = pa.findIndex((x, i) => x !== pb[i]);
    return first >= 0 && pa[first]! > pb[first]! ? a : b;
  },
  describe(final, name) {
    const held = final.players.map((p) => `${name(p.id)} ${p.status === 'left' ? 'out' : `${p.cards} cards`}`).join(', ');
    return `${final.turnNumber} turns, ended by ${final.endReason ?? '?'}; ${held}`;
  },
  expectFinal: expectCrazyFinal,
};

/** Every player plays from its own view until the match is over. */
export async function playCrazy(room: RoomJourney<CrazyView>): Promise<void> {
  await playRoom(room, ({ player }) => ({
    hasMoveNow: (v) => hasMoveNow(v, player.userId),
    next(v) {
      const move = nextCrazyMove(v, player.userId);
      return { label: moveLabel(move, v.turnNumber), move };
    },
  }));
}

async function expectCrazyFinal(cluster: Cluster, room: RoomJourney<CrazyView>): Promise<void> {
  const final = room.final!;
  const ids = room.players.map((j) => j.player.userId);
  // one winner: the one who emptied their hand, or the last one left
  expect(final.winner, `${room.label}: one winner`).not.toBeNull();
  expect(ids).toContain(final.winner);
  if (final.endReason === 'emptied_hand') expect(final.counts[final.winner!], `${room.label}: the winner's hand is empty`).toBe(0);
  else
    expect(
      final.players.filter((p) => p.status === 'playing').map((p) => p.id),
      `${room.label}: the last one left won`,
    ).toEqual([final.winner]);

  // every player's final view: the same end, and the 104 cards
  for (const { player } of room.players) {
    const mine = await readMatchView<CrazyView>(player, room.matchId);
    expect({ status: mine.status, winner: mine.winner, cards: cardsIn(mine) }, `${player.name}: the final view`).toEqual({
      status: 'finished',
      winner: final.winner,
      cards: DECK_CARDS,
    });
    expect(mine.hand.length, `${player.name}: the hand matches the count`).toBe(mine.counts[player.userId]);
  }

  // the replay: one step per event of the stream, every hand shown, 104 cards at every step, the same end
  const { rows: events } = await cluster.db.query<{ n: number }>(`select count(*)::int as n from eventstore.events where stream_id = $1`, [
    `crazy-${room.matchId}`,
  ]);
  const answer = await room.host.player.settle('replay', 'GET', `/matches/${room.matchId}/replay`);
  expect(answer.status, `${room.label}: the replay`).toBe(200);
  const replay = answer.body.data as { kind: string; final: CrazyView; steps: { kind: string; view: CrazyView }[] };
  expect(replay.kind).toBe('crazy');
  expect(replay.steps.length, `${room.label}: one replay step per event`).toBe(events[0]!.n);
  const unconserved = replay.steps
    .map((step, index) => ({
      index,
      kind: step.kind,
      cards: Object.values(step.view.hands ?? {}).reduce((a, h) => a + h.length, 0) + step.view.deckCount + step.view.pileCount,
    }))
    .filter((step) => step.cards !== DECK_CARDS);
  expect(unconserved, `${room.label}: replay steps without the ${DECK_CARDS} cards`).toEqual([]);
  expect(replay.steps.at(-1)?.kind).toBe('end');
  expect(replay.final.winner).toBe(final.winner);

  // the engine's read model: every event folded once (seq), every card once, the same end
  const { rows } = await cluster.db.query<{ status: string; state: crazy.CrazyState | string }>(
    `select status, state from engine.engine_duels where match_id = $1`,
    [room.matchId],
  );
  expect(rows.length, `${room.label}: the match in the engine's read model`).toBe(1);
  const state = typeof rows[0]!.state === 'string' ? (JSON.parse(rows[0]!.state) as crazy.CrazyState) : rows[0]!.state;
  expect({ status: rows[0]!.status, seq: state.seq, winner: state.winner }, `${room.label}: the read model`).toEqual({
    status: 'finished',
    seq: events[0]!.n,
    winner: final.winner,
  });
  const cards = [...Object.values(state.hands).flat(), ...state.deck, ...state.pile].sort();
  expect(cards, `${room.label}: each card once in the read model`).toEqual([...crazy.ALL_CARD_IDS].sort());

  // refusals other than game_over only when the timer took turns
  if ((await turnsTimedOut(cluster, room)) === 0)
    expect(
      room.movedOn.filter((what) => !what.endsWith(': game_over')),
      `${room.label}: refusals no timed-out turn explains`,
    ).toEqual([]);
}
