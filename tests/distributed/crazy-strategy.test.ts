/**
 * The Crazy player of the fault scenarios (support/crazy-strategy.ts) against the engine's own decider, without a
 * cluster: from any deal it ends the match, and the engine never refuses or penalises one of its moves. So a
 * refusal in a fault scenario comes from the fault (a turn the timer took), never from the player.
 */
import { createHash } from 'node:crypto';
import { crazy } from '@qal/game-engine';
import { describe, expect, it } from 'vitest';
import { hasMoveNow, nextCrazyMove } from './support/crazy-strategy.ts';

const AT = '2026-03-01T09:00:01.000Z';

/** A fixed server seed per deal (the engine's are 64 lowercase hex characters): SHA-256 of the deal's name. */
const serverSeedOf = (name: string) => createHash('sha256').update(name).digest('hex');

function playOut(players: readonly string[], seed: string) {
  let state = crazy.initialState(
    { matchId: 'm', roomCode: 'ABC234', players, turnMs: 30_000, startedAt: '2026-03-01T09:00:00.000Z' },
    serverSeedOf(seed),
  );
  const refused: string[] = [];
  let penalised = 0;
  let moves = 0;
  while (state.status === 'playing' && moves < 2_000) {
    // whoever has something to do moves (a last card to declare first, as the players do on their own views)
    const mover = players.find((id) => hasMoveNow(crazy.viewFor(state, id), id));
    if (!mover) throw new Error(`${seed}: nobody has a move in ${JSON.stringify(crazy.publicView(state))}`);
    const stepped = crazy.step(crazy.moveToCommand(nextCrazyMove(crazy.viewFor(state, mover), mover), mover, AT), state);
    moves += 1;
    if (typeof stepped === 'string') {
      refused.push(stepped);
      break;
    }
    if (stepped.events.some((e) => e.type === 'WrongPlay')) penalised += 1;
    state = stepped.state;
  }
  return { state, refused, penalised, moves };
}

describe('the fault scenarios’ Crazy player', () => {
  it.each([2, 3, 4])('ends every one of 200 deals for %i players with moves the engine takes as they are', (count) => {
    const players = Array.from({ length: count }, (_, i) => `p${i + 1}`);
    for (let s = 0; s < 200; s += 1) {
      const { state, refused, penalised } = playOut(players, `strategy-${count}-${s}`);
      expect({ seed: s, status: state.status, refused, penalised }).toEqual({ seed: s, status: 'finished', refused: [], penalised: 0 });
      expect(state.endReason).toBe('emptied_hand');
    }
  });
});
