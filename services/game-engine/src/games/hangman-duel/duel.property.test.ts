/**
 * Seeded simulation: random players play whole duels through the real decider and dictionary (simulation/duel.ts,
 * which the swarm of `npm run sim` runs as well), with wrong-turn moves, invalid and duplicate words, hints,
 * timeouts from a sweeper-like timer, leaves and the match clock. The simulation checks the invariants after every
 * accepted step, and that no view shows the word to anyone but its setter; here the random players must also reach
 * every ending, every round outcome and the rejections a careless player meets. A failing seed is a bug report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HANGMAN_LANGUAGES } from '../hangman/alphabet.ts';
import { playDuel, simulateDuel, type DuelMatch } from '../../simulation/duel.ts';
import { fold } from './decider.ts';
import { DuelEvent } from './messages.ts';
import { replay } from './replay.ts';
import { DuelView } from './view.ts';

const MATCHES_PER_LANGUAGE = 150;

describe.each(HANGMAN_LANGUAGES)('%s: random duels over many seeds', (language) => {
  let matches: DuelMatch[] = [];
  beforeAll(() => {
    matches = simulateDuel(0, MATCHES_PER_LANGUAGE, [language]);
  });

  it('ends every match, by the rules: all set, time or fewer than two players', () => {
    expect(matches.every((m) => m.state.status === 'finished')).toBe(true);
    const reasons = new Set(matches.map((m) => m.state.endReason));
    expect(reasons).toEqual(new Set(['all_set', 'time', 'players']));
  });

  it('plays rounds of every outcome and meets the rejections a careless player would', () => {
    const outcomes = new Set(matches.flatMap((m) => m.state.history.map((r) => r.outcome)));
    expect(outcomes).toEqual(new Set(['solved', 'failed', 'skipped']));
    const seen = new Set(matches.flatMap((m) => [...m.rejections.keys()]));
    for (const name of ['not_your_turn', 'invalid_word', 'duplicate_word', 'already_guessed', 'no_room_hints_left'])
      expect(seen).toContain(name);
  });

  it('scores exactly the points its events pay', () => {
    for (const { events, state } of matches) {
      const paid: Record<string, number> = {};
      for (const event of events) {
        if (event.type === 'LetterGuessed') paid[event.data.playerId] = (paid[event.data.playerId] ?? 0) + event.data.points;
        if (event.type === 'RoundEnded' && event.data.bonus)
          paid[event.data.bonus.playerId] = (paid[event.data.bonus.playerId] ?? 0) + event.data.bonus.points;
      }
      for (const [id, score] of Object.entries(state.scores)) expect(score).toBe(paid[id] ?? 0);
    }
  });

  it('replays to the same state, and the same seed plays the same match', () => {
    for (const match of matches.slice(0, 40)) expect(fold(match.events)).toEqual(match.state);
    expect(playDuel(language, 'duel-0-3').events).toEqual(matches[3]!.events);
  });

  it('emits only events and views their schemas accept', () => {
    for (const match of matches.slice(0, 30)) {
      for (const event of match.events) expect(DuelEvent.parse(event)).toEqual(event);
      for (const view of replay(match.events)) expect(DuelView.parse(view)).toEqual(view);
    }
  });
});
