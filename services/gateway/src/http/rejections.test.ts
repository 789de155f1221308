import { GAME_ENGINE_REJECTIONS } from '@qal/events';
import { crazy } from '@qal/game-engine';
import { describe, expect, it } from 'vitest';
import { REJECTIONS, rejectionMessage } from './rejections.ts';

const ETHIOPIC = /[\u1200-\u137f]/;

describe('the rejection table', () => {
  it('has a status, English and Amharic for every reason the game engine names', () => {
    const table = REJECTIONS as Record<string, { status: number; en: string; am: string }>;
    for (const reason of GAME_ENGINE_REJECTIONS) {
      expect(table[reason], reason).toBeDefined();
      expect(table[reason]!.status, reason).toBeGreaterThanOrEqual(400);
      expect(table[reason]!.en.length, reason).toBeGreaterThan(3);
      expect(table[reason]!.am, reason).toMatch(ETHIOPIC);
    }
  });

  it('answers every Crazy rejection with the game’s own status and words (the shared three keep the table’s)', () => {
    const table = REJECTIONS as Record<string, { status: number; en: string; am: string }>;
    for (const reason of crazy.CRAZY_REJECTIONS) {
      expect(table[reason], reason).toBeDefined();
      if (['game_over', 'not_your_match', 'not_your_turn'].includes(reason)) continue;
      expect(table[reason], reason).toEqual({
        status: crazy.CRAZY_REJECTION_HTTP_STATUS[reason],
        ...crazy.CRAZY_REJECTION_MESSAGES[reason],
      });
    }
  });

  it("uses the product's own words where it has them", () => {
    expect(REJECTIONS.password_required.en).toBe('Password required');
    expect(REJECTIONS.invalid_password.en).toBe('Invalid password');
    expect(REJECTIONS.invalid_word.en).toBe('Invalid Word');
    expect(REJECTIONS.duplicate_word.en).toBe('Duplicate Word');
    expect(REJECTIONS.no_room_hints_left.en).toBe('No more hints available for this room');
  });

  it('says how many more players a start needs, from the details', () => {
    // given the engine's details: the minimum and how many have joined
    expect(rejectionMessage('not_enough_players', 'en', { needed: 2, have: 1 })).toBe('At least 1 more player is needed to start');
    expect(rejectionMessage('not_enough_players', 'en', { needed: 4, have: 1 })).toBe('At least 3 more players are needed to start');
    expect(rejectionMessage('not_enough_players', 'am', { needed: 2, have: 1 })).toBe('ጨዋታውን ለመጀመር ቢያንስ 1 ተጨማሪ ተጫዋች ያስፈልጋል');
    // without numbers: the plain text of the table
    expect(rejectionMessage('not_enough_players', 'en', {})).toBe(REJECTIONS.not_enough_players.en);
    expect(rejectionMessage('room_full', 'am')).toBe(REJECTIONS.room_full.am);
  });

  it('tells a player asking for a code too soon to wait for a code, not about the daily play limit', () => {
    for (const lang of ['en', 'am'] as const) {
      expect(rejectionMessage('otp_resend_too_soon', lang)).not.toBe(REJECTIONS.daily_limit_reached[lang]);
      expect(rejectionMessage('otp_resend_too_soon', lang, { retryAfterSec: 50 })).toBe(REJECTIONS.otp_resend_too_soon[lang]);
    }
    expect(REJECTIONS.otp_resend_too_soon.en).toBe('Please wait before requesting a new code');
    expect(REJECTIONS.otp_resend_too_soon.am).toBe('አዲስ ኮድ ከመጠየቅዎ በፊት እባክዎ ትንሽ ይጠብቁ');
  });
});
