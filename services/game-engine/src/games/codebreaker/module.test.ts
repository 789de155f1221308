/** Codebreaker's module as the engine uses it: options, moves, timers, the result, the view contract, the texts. */
import { CODEBREAKER_LEVEL_CHOICE_DEFAULT, CODEBREAKER_LEVEL_CHOICES, CodebreakerPlay } from '@qal/events';
import { describe, expect, it } from 'vitest';
import { GAME_RULES } from '../../catalogue/games.ts';
import { REWARD_TOKENS_MAX, XP_MAX } from '../../config.ts';
import { fairRandom } from '../../fairness/fairness.ts';
import type { GameModule } from '../module.ts';
import { CODEBREAKER_REJECTIONS } from './messages.ts';
import { codebreakerModule, parseCodebreakerOptions } from './module.ts';
import { CODEBREAKER_LEVEL_DEFAULT, CODEBREAKER_LEVEL_RULES, CODEBREAKER_MAX_SCORE } from './rules.ts';
import { codebreakerTexts } from './texts.ts';
import { FIXED_SEEDS, MATCH, PLAYER, STARTED_AT, after, expire, guessCode, played, rigged, when } from './testing.ts';

const module = codebreakerModule;
const DEADLINE = after(300);

describe('the options', () => {
  it('default to medium and take any listed level', () => {
    expect(parseCodebreakerOptions(undefined)).toEqual({ level: 'medium' });
    expect(parseCodebreakerOptions(null)).toEqual({ level: 'medium' });
    expect(parseCodebreakerOptions({})).toEqual({ level: 'medium' });
    for (const level of ['easy', 'medium', 'hard']) expect(parseCodebreakerOptions({ level })).toEqual({ level });
  });

  it('name an unknown level, and refuse what is not an options object', () => {
    expect(parseCodebreakerOptions({ level: 'expert' })).toBe('unknown_level');
    expect(parseCodebreakerOptions({ level: 3 })).toBe('unknown_level');
    expect(parseCodebreakerOptions({ level: 'easy', mines: 3 })).toBe('options_not_valid');
    expect(parseCodebreakerOptions('easy')).toBe('options_not_valid');
    expect(parseCodebreakerOptions([])).toBe('options_not_valid');
  });
});

describe('the moves', () => {
  it('turn a guess and a hint into commands timed by the server', () => {
    expect(module.moveCommand({ type: 'guess_code', digits: '0123' }, PLAYER, after(3))).toEqual({
      type: 'GuessCode',
      data: { playerId: PLAYER, digits: '0123', at: after(3) },
    });
    expect(module.moveCommand({ type: 'code_hint' }, PLAYER, after(3))).toEqual({
      type: 'TakeCodeHint',
      data: { playerId: PLAYER, at: after(3) },
    });
    expect(module.ownMoves).toEqual(['guess_code', 'code_hint']);
  });

  it('name a guess without digit text, and any other move', () => {
    expect(module.moveCommand({ type: 'guess_code', digits: 123 }, PLAYER, after(3))).toBe('guess_not_digits');
    expect(module.moveCommand({ type: 'guess_code' }, PLAYER, after(3))).toBe('guess_not_digits');
    expect(module.moveCommand({ type: 'guess_code', digits: ['1', '2'] }, PLAYER, after(3))).toBe('guess_not_digits');
    expect(module.moveCommand({ type: 'reveal', cell: 3 }, PLAYER, after(3))).toBe('move_not_for_this_game');
    expect(module.moveCommand({ type: 'guess', letter: 'a' }, PLAYER, after(3))).toBe('move_not_for_this_game');
  });

  it('has a message in both languages for every rejection it can answer', () => {
    for (const name of CODEBREAKER_REJECTIONS) {
      const text = module.rejections[name]!;
      expect(text.en.length).toBeGreaterThan(0);
      expect(text.am).toMatch(/[\u1200-\u137f]/);
      expect([400, 403, 404, 409, 422]).toContain(text.status);
    }
  });
});

describe('the engine side', () => {
  it('starts from the setup, on the match stream, with the fixed seeds drawing 0468 on medium', () => {
    const events = module.start({
      matchId: MATCH,
      playerId: PLAYER,
      startedAt: STARTED_AT,
      options: { level: 'medium' },
      random: fairRandom(FIXED_SEEDS),
      memory: null,
    });
    expect(events[0]?.type).toBe(module.stream.startType);
    expect(module.stream.prefix).toBe('match-');
    const state = module.stream.fold(events);
    expect(state.code).toBe('0468');
    expect(module.deadlineOf(state)).toBe(DEADLINE);
    expect(module.resultOf(state)).toBeNull();
  });

  it('has no deadline once over, and a result within the reward caps', () => {
    const won = played(rigged('1234'), guessCode('1234', after(1)));
    expect(module.deadlineOf(won)).toBeNull();
    const result = module.resultOf(won)!;
    expect(result).toEqual({ won: true, score: won.score, tokens: REWARD_TOKENS_MAX, xp: XP_MAX, finishedAt: after(1) });
    const lost = played(rigged('1234'), module.expireCommand(DEADLINE));
    expect(module.resultOf(lost)).toEqual({ won: false, score: 0, tokens: 0, xp: 0, finishedAt: DEADLINE });
  });

  it('expires through its expire command', () => {
    const state = rigged('1234');
    expect(module.expireCommand(DEADLINE)).toEqual(expire(DEADLINE));
    const result = module.step(module.expireCommand(DEADLINE), state);
    if (typeof result === 'string') throw new Error(result);
    expect(result.state.status).toBe('lost');
  });

  it('builds views the client contract accepts, before and after the end', () => {
    const state = when(rigged('1234'), guessCode('1243')).state;
    expect(CodebreakerPlay.safeParse(module.viewFor(state, after(11))).success).toBe(true);
    const over = when(state, guessCode('1234', after(12))).state;
    expect(CodebreakerPlay.safeParse(module.viewFor(over, after(13))).success).toBe(true);
  });

  it("gives the browser's copy of the levels the numbers of the rules", () => {
    const fromRules = Object.fromEntries(
      Object.entries(CODEBREAKER_LEVEL_RULES).map(([level, { codeLength, attemptsMax, repeatsAllowed }]) => [
        level,
        { codeLength, attemptsMax, repeatsAllowed },
      ]),
    );
    expect(CODEBREAKER_LEVEL_CHOICES).toEqual(fromRules);
    expect(CODEBREAKER_LEVEL_CHOICE_DEFAULT).toBe(CODEBREAKER_LEVEL_DEFAULT);
  });

  it('fits the registry as an arcade module', () => {
    const listed: GameModule = codebreakerModule;
    expect(listed.kind).toBe('arcade');
  });

  it('ranks on the code_breaker board with the best score its formula can give', () => {
    expect(module.leaderboard).toEqual({ category: 'code_breaker', maxScore: CODEBREAKER_MAX_SCORE });
    expect(module.costTokens).toBe(5);
    expect(module.dailyPlayLimit).toBe(15);
  });
});

describe('the texts', () => {
  const texts = codebreakerTexts({ ...GAME_RULES.codebreaker, costTokens: 5, dailyPlayLimit: 15 });

  it('state every level, the hints, the time and the price from the rules, in both languages', () => {
    for (const language of ['en', 'am'] as const) {
      const text = texts.instructions[language];
      for (const number of ['3', '4', '12', '10', '8', '300', '100', '150%', '50%', '5', '15']) expect(text).toContain(number);
    }
    expect(texts.instructions.en).toContain('Easy: 3 different digits, 12 attempts.');
    expect(texts.instructions.en).toContain('Hard: 4 digits that may repeat, 8 attempts.');
    expect(texts.instructions.am).toContain('ከባድ፦ ሊደጋገሙ የሚችሉ 4 አሃዞች፣ 8 ሙከራዎች።');
    expect(texts.title).toEqual({ en: 'Codebreaker', am: 'ኮድ ሰባሪ' });
  });
});
