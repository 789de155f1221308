import { describe, expect, it } from 'vitest';
import { attemptsLeft, checkChallenge, decideOtpSend, generateOtp, otpDigest, otpMatches, resendCooldownSec } from './otp-policy.ts';

const now = new Date('2025-03-01T12:00:00Z');
const ago = (sec: number) => new Date(now.getTime() - sec * 1000);

describe('when a code may be sent', () => {
  it('sends the first code at once', () => {
    expect(decideOtpSend({ phoneSends: [], ipSends: [] }, now)).toEqual({ ok: true });
  });

  it('makes the player wait 60 s after a code, then 120, 240 (doubling)', () => {
    expect([1, 2, 3, 4].map(resendCooldownSec)).toEqual([60, 120, 240, 480]);
    expect(decideOtpSend({ phoneSends: [ago(20)], ipSends: [] }, now)).toEqual({
      ok: false,
      reason: 'otp_resend_too_soon',
      retryAfterSec: 40,
    });
    expect(decideOtpSend({ phoneSends: [ago(60)], ipSends: [] }, now)).toEqual({ ok: true });
    expect(decideOtpSend({ phoneSends: [ago(200), ago(100)], ipSends: [] }, now)).toEqual({
      ok: false,
      reason: 'otp_resend_too_soon',
      retryAfterSec: 20,
    });
    expect(decideOtpSend({ phoneSends: [ago(500), ago(400), ago(100)], ipSends: [] }, now)).toEqual({
      ok: false,
      reason: 'otp_resend_too_soon',
      retryAfterSec: 140,
    });
  });

  it('allows at most 5 codes per phone per hour and says when the next one is possible', () => {
    const five = [ago(3000), ago(2500), ago(2000), ago(1500), ago(100)];
    expect(decideOtpSend({ phoneSends: five, ipSends: [] }, now)).toEqual({ ok: false, reason: 'otp_hourly_limit', retryAfterSec: 600 });
  });

  it('forgets codes older than an hour', () => {
    const old = [ago(3700), ago(3650), ago(3620), ago(3610), ago(3601)];
    expect(decideOtpSend({ phoneSends: old, ipSends: [] }, now)).toEqual({ ok: true });
  });

  it('allows at most 20 codes per IP per hour', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => ago(3500 - i * 10));
    expect(decideOtpSend({ phoneSends: [], ipSends: twenty }, now)).toEqual({ ok: false, reason: 'otp_hourly_limit', retryAfterSec: 100 });
    expect(decideOtpSend({ phoneSends: [], ipSends: twenty.slice(1) }, now)).toEqual({ ok: true });
  });
});

describe('codes', () => {
  it('are 6 digits, zero-padded', () => {
    for (let i = 0; i < 200; i++) expect(generateOtp()).toMatch(/^\d{6}$/);
  });

  it('are stored as an HMAC bound to the challenge', () => {
    const digest = otpDigest('pepper', 'challenge-1', '123456');
    expect(digest).not.toContain('123456');
    expect(otpMatches('pepper', 'challenge-1', '123456', digest)).toBe(true);
    expect(otpMatches('pepper', 'challenge-1', '123457', digest)).toBe(false);
    expect(otpMatches('pepper', 'challenge-2', '123456', digest)).toBe(false);
    expect(otpMatches('other-pepper', 'challenge-1', '123456', digest)).toBe(false);
  });
});

describe('whether a challenge can be tried', () => {
  const active = { status: 'active' as const, attempts: 0, expiresAt: new Date(now.getTime() + 1000) };
  it('names why it cannot', () => {
    expect(checkChallenge(null, now)).toEqual({ ok: false, reason: 'otp_not_requested' });
    expect(checkChallenge({ ...active, status: 'consumed' }, now)).toEqual({ ok: false, reason: 'otp_not_requested' });
    expect(checkChallenge({ ...active, status: 'burned' }, now)).toEqual({ ok: false, reason: 'otp_attempts_exhausted' });
    expect(checkChallenge({ ...active, expiresAt: now }, now)).toEqual({ ok: false, reason: 'otp_expired' });
    expect(checkChallenge(active, now)).toEqual({ ok: true });
  });
  it('counts the tries left', () => {
    expect([0, 1, 4, 5, 6].map(attemptsLeft)).toEqual([5, 4, 1, 0, 0]);
  });
});
