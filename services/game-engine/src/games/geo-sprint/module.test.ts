/** The registry's view of Geo Sprint: its facts, its texts and one whole round through the module's own functions. */
import { describe, expect, it } from 'vitest';
import { GAME_RULES } from '../../catalogue/games.ts';
import { fairRandom } from '../../fairness/fairness.ts';
import { GeoSprintEvent as WireCheck } from './messages.ts';
import { geoSprintModule } from './module.ts';
import {
  GEO_SPRINT_COST_TOKENS,
  GEO_SPRINT_DAILY_PLAY_LIMIT,
  GEO_SPRINT_QUESTIONS,
  GEO_SPRINT_RIGHT_TO_WIN,
  GEO_SPRINT_SECONDS_PER_QUESTION,
} from './rules.ts';
import { MATCH, PLAYER, STARTED_AT, plus, seedsOf } from './testing.ts';
import { geoSprintTexts } from './texts.ts';

describe('the Geo Sprint module', () => {
  it('is a trivia game costing 8 tokens, 15 plays a day, with its own moves', () => {
    expect(geoSprintModule).toMatchObject({ kind: 'arcade', id: 'geo-sprint', costTokens: 8, dailyPlayLimit: 15 });
    expect(GEO_SPRINT_COST_TOKENS).toBe(8);
    expect(GEO_SPRINT_DAILY_PLAY_LIMIT).toBe(15);
    expect(geoSprintModule.leaderboard.category).toBe('trivia');
    expect(geoSprintModule.ownMoves).toEqual(['answer', 'fifty_fifty', 'geo_hint', 'next_question']);
    expect(geoSprintModule.stream.startType).toBe('GeoSprintStarted');
  });

  it('plays a whole round from a fixed seed: start, answers, lifelines, an expiry, the result', () => {
    const module = geoSprintModule;
    const options = module.parseOptions({ category: 'mixed' });
    if (typeof options === 'string') throw new Error(options);
    const events = module.start({
      matchId: MATCH,
      playerId: PLAYER,
      startedAt: STARTED_AT,
      options,
      random: fairRandom(seedsOf(3)),
      memory: module.memory!.initial,
    });
    for (const event of events) expect(WireCheck.safeParse(event).success).toBe(true);
    let state = module.stream.fold(events);
    const stepOf = (move: { type: string; [field: string]: unknown }, at: string) => {
      const command = module.moveCommand(move as never, PLAYER, at);
      if (typeof command === 'string') throw new Error(command);
      const result = module.step(command, state);
      if (typeof result === 'string') throw new Error(result);
      for (const event of result.events) expect(WireCheck.safeParse(event).success).toBe(true);
      state = result.state;
    };
    for (let i = 0; i < GEO_SPRINT_QUESTIONS; i++) {
      const view = module.viewFor(state, plus(module.deadlineOf(state)!, -GEO_SPRINT_SECONDS_PER_QUESTION * 1000));
      const current = view.current!;
      expect(current.index).toBe(i);
      const at = plus(current.shownAt, 2000);
      if (i === 2) stepOf({ type: 'fifty_fifty', question: i }, at);
      if (i === 4) stepOf({ type: 'geo_hint', question: i }, at);
      if (i === 6) {
        const result = module.step(module.expireCommand(module.deadlineOf(state)!), state);
        if (typeof result === 'string') throw new Error(result);
        state = result.state;
        continue;
      }
      const answer = state.questions[i]!.answer;
      stepOf({ type: 'answer', question: i, choice: i === 8 ? (answer + 1) % 4 : answer }, plus(at, 500));
    }
    const result = module.resultOf(state)!;
    expect(result.won).toBe(true);
    expect(result.score).toBeLessThanOrEqual(module.leaderboard.maxScore!);
    expect(result.tokens).toBeGreaterThan(0);
    expect(result.tokens).toBeLessThanOrEqual(5);
    expect(result.xp).toBeLessThanOrEqual(10);
    expect(module.deadlineOf(state)).toBeNull();
    expect(module.viewFor(state, result.finishedAt).right).toBe(8);
  });

  it('writes the instructions from the rule numbers, in both languages', () => {
    const texts = geoSprintTexts(GAME_RULES['geo-sprint']);
    for (const number of [GEO_SPRINT_QUESTIONS, GEO_SPRINT_SECONDS_PER_QUESTION, 100, 120, 140, GEO_SPRINT_RIGHT_TO_WIN]) {
      expect(texts.instructions.en).toContain(String(number));
      expect(texts.instructions.am).toContain(String(number));
    }
    expect(texts.instructions.en).toContain('50/50');
    expect(texts.instructions.am).toContain('ፍንጭ');
    expect(texts.title).toEqual({ en: 'Geo Sprint', am: 'የጂኦግራፊ ሩጫ' });
  });

  it('has a message in both languages for every rejection', () => {
    for (const [name, text] of Object.entries(geoSprintModule.rejections)) {
      expect(text.en.length, name).toBeGreaterThan(0);
      expect(text.am, name).toMatch(/[\u1200-\u137F]/);
    }
  });
});
