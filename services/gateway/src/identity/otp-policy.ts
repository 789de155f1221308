import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '../config.ts';

/** Pure rules of the one-time code: how often one may be sent, and what a verify attempt means. */

export type SendDecision =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'otp_resend_too_soon' | 'otp_hourly_limit'; readonly retryAfterSec: number };

export interface SendHistory {
  /** When codes were sent to this phone within the last window, any order. */
  readonly phoneSends: readonly Date[];
  /** When codes were requested from this IP within the last window, any order. */
  readonly ipSends: readonly Date[];
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The wait before the next code after `sentInWindow` codes: 60 s, then 120, 240, ... (doubling). */
export function resendCooldownSec(sentInWindow: number): number {
  if (sentInWindow <= 0) return 0;
  return LIMITS.otpResendCooldownSec * 2 ** (sentInWindow - 1);
}

export function decideOtpSend(history: SendHistory, now: Date): SendDecision {
  const windowMs = LIMITS.otpWindowSec * 1000;
  const inWindow = (dates: readonly Date[]) =>
    dates.filter((d) => now.getTime() - d.getTime() < windowMs).sort((a, b) => a.getTime() - b.getTime());
  const phone = inWindow(history.phoneSends);
  const ip = inWindow(history.ipSends);

  const limits: number[] = [];
  if (phone.length >= LIMITS.otpMaxPerPhonePerWindow) {
    limits.push(phone[phone.length - LIMITS.otpMaxPerPhonePerWindow]!.getTime() + windowMs - now.getTime());
  }
  if (ip.length >= LIMITS.otpMaxPerIpPerWindow) {
    limits.push(ip[ip.length - LIMITS.otpMaxPerIpPerWindow]!.getTime() + windowMs - now.getTime());
  }
  if (limits.length > 0) return { ok: false, reason: 'otp_hourly_limit', retryAfterSec: seconds(Math.max(...limits)) };

  const last = phone.at(-1);
  if (last) {
    const readyAt = last.getTime() + resendCooldownSec(phone.length) * 1000;
    if (readyAt > now.getTime()) return { ok: false, reason: 'otp_resend_too_soon', retryAfterSec: seconds(readyAt - now.getTime()) };
  }
  return { ok: true };
}

/** What the client may do next after a successful send: wait for the cool-down that now applies. */
export function nextResendAfterSec(sentInWindowIncludingThis: number): number {
  return resendCooldownSec(sentInWindowIncludingThis);
}

export function generateOtp(): string {
  return randomInt(0, 10 ** LIMITS.otpDigits)
    .toString()
    .padStart(LIMITS.otpDigits, '0');
}

/** The stored form: bound to the challenge, so a code is useless for any other challenge. */
export function otpDigest(pepper: string, challengeId: string, code: string): string {
  return createHmac('sha256', pepper).update(`${challengeId}:${code}`).digest('hex');
}

export function otpMatches(pepper: string, challengeId: string, code: string, storedDigest: string): boolean {
  const expected = Buffer.from(storedDigest, 'hex');
  const actual = Buffer.from(otpDigest(pepper, challengeId, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface ChallengeState {
  readonly status: 'active' | 'consumed' | 'burned' | 'superseded';
  readonly expiresAt: Date;
  readonly attempts: number;
}

export type VerifyCheck =
  { readonly ok: true } | { readonly ok: false; readonly reason: 'otp_not_requested' | 'otp_expired' | 'otp_attempts_exhausted' };

/** Whether a challenge may still be tried at all (before looking at the code). */
export function checkChallenge(challenge: ChallengeState | null, now: Date): VerifyCheck {
  if (!challenge || challenge.status === 'consumed' || challenge.status === 'superseded') return { ok: false, reason: 'otp_not_requested' };
  if (challenge.status === 'burned' || challenge.attempts >= LIMITS.otpMaxWrongAttempts)
    return { ok: false, reason: 'otp_attempts_exhausted' };
  if (challenge.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'otp_expired' };
  return { ok: true };
}

export const attemptsLeft = (attempts: number) => Math.max(0, LIMITS.otpMaxWrongAttempts - attempts);
