/**
 * Seeded simulation: 10,000 whole games of 2–8 players through the real decider (simulation/crazy.ts, which the
 * swarm of `npm run sim` runs as well). After every accepted command the invariants hold, no view shows another
 * hand, and every game ends with exactly one winner; here the random players must also reach every rule. A
 * failing game's label is a reproducible bug report.
 */
import { describe, expect, it } from 'vitest';
import { simulateCrazy } from '../../simulation/crazy.ts';

const GAMES = Number(process.env.CRAZY_SIM_GAMES ?? 10_000);
const CHUNKS = 8;
/** Per chunk: generous, as the machine is shared (a timeout, not a timing assertion). */
const CHUNK_TIMEOUT_MS = 180_000;

describe('Crazy simulation', () => {
  const perChunk = GAMES / CHUNKS;
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    it(
      `seed ${chunk}, ${perChunk} games: 104 cards always, legal states, hidden hands, one winner each`,
      () => {
        const { rejections, capped, steps, ends, happened } = simulateCrazy(chunk, perChunk);
        // Most games end by someone emptying their hand, not by the cap.
        expect(capped).toBeLessThan(perChunk * 0.05);
        expect(ends.get('emptied_hand') ?? 0).toBeGreaterThan(perChunk * 0.8);
        // The random players reach the rules they are meant to exercise.
        for (const rejection of [
          'not_your_turn',
          'card_not_in_hand',
          'already_said_qeregn',
          'cannot_call_self',
          'suit_change_locked',
        ] as const)
          expect(rejections.get(rejection) ?? 0).toBeGreaterThan(0);
        const rules = [
          'none',
          'draw_two',
          'draw_five',
          'reverse',
          'skip',
          'suit_choice',
          'drop',
          'wrong_card',
          'false_joker',
          'forgot_qeregn',
        ];
        for (const rule of [
          ...rules,
          'right_call',
          'false_call',
          'removed_left',
          'removed_timeouts',
          'same_player_again',
          'PileReshuffled',
          'QeregnSaid',
          'QeregnWindowClosed',
          'TurnTimedOut',
        ])
          expect(happened.get(rule) ?? 0, rule).toBeGreaterThan(0);
        console.log(
          `crazy simulation seed ${chunk}: ${perChunk} games, ${steps} commands, capped ${capped}, ends ${JSON.stringify(Object.fromEntries(ends))}, ` +
            `rejections ${JSON.stringify(Object.fromEntries(rejections))}, events ${JSON.stringify(Object.fromEntries(happened))}`,
        );
      },
      CHUNK_TIMEOUT_MS,
    );
  }

  it('replays a seed to the same games', () => {
    expect(simulateCrazy(3, 4)).toEqual(simulateCrazy(3, 4));
  });
});
