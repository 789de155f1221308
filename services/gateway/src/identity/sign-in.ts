import { newUuid, type SqlDatabase } from '@qal/events';
import { LIMITS } from '../config.ts';
import type { Clock } from '../clock.ts';
import { reject } from '../http/errors.ts';
import type { Lang } from '../http/rejections.ts';
import { chooseDisplayName } from './names.ts';
import {
  attemptsLeft,
  checkChallenge,
  decideOtpSend,
  generateOtp,
  nextResendAfterSec,
  otpDigest,
  otpMatches,
  type ChallengeState,
} from './otp-policy.ts';
import { normalizeEthiopianMobile, type EthiopianMobile } from './phone.ts';
import type { SessionService } from './sessions.ts';
import type { SmsSender } from './sms/port.ts';
import { otpSmsText } from './sms/text.ts';
import { findUserByPhone, toUserRecord, USER_COLUMNS, type UserRecord, type UserRow } from './users.ts';

export interface SignInDeps {
  readonly db: SqlDatabase;
  readonly sms: SmsSender;
  readonly clock: Clock;
  readonly pepper: string;
  readonly sessions: SessionService;
  /** Publishes a new player (event + wallet); idempotent, retried on the next sign-in if it failed. */
  readonly publishRegistration: (user: UserRecord) => Promise<void>;
  readonly onLanguageChanged: (user: UserRecord) => Promise<void>;
  readonly logger?: { warn(obj: object, msg: string): void };
}

export interface SendOtpResult {
  readonly phone: EthiopianMobile;
  readonly expiresInSec: number;
  readonly resendAfterSec: number;
}

export interface VerifyOtpResult {
  readonly user: UserRecord;
  readonly token: string;
  readonly isNew: boolean;
}

interface ChallengeRow {
  id: string;
  code_digest: string;
  status: ChallengeState['status'];
  attempts: number;
  expires_at: Date | string;
}

const toDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function requirePhone(input: string): EthiopianMobile {
  return normalizeEthiopianMobile(input) ?? reject('invalid_phone');
}

/** Phone sign-in: send a one-time code, verify it, and open a session (docs/product-rules.md, "Accounts and sign-in"). */
export function createSignIn(deps: SignInDeps) {
  const { db, clock } = deps;

  async function sendOtp(input: { phone: string; language?: Lang; ip: string }): Promise<SendOtpResult> {
    const phone = requirePhone(input.phone);
    const now = clock();
    const language = input.language ?? (await findUserByPhone(db, phone))?.language ?? 'en';
    const code = generateOtp();
    const challengeId = newUuid();
    const sentInWindow = await db.transaction(async (tx) => {
      // One sender at a time per phone and per IP, so two quick requests cannot both pass the limits.
      await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`otp-phone:${phone}`]);
      await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`otp-ip:${input.ip}`]);
      const since = new Date(now.getTime() - LIMITS.otpWindowSec * 1000);
      const history = await tx.query<{ created_at: Date | string; by_phone: boolean; by_ip: boolean }>(
        `select created_at, phone = $1 as by_phone, ip = $2 as by_ip from identity_otp_challenges
          where (phone = $1 or ip = $2) and created_at > $3`,
        [phone, input.ip, since],
      );
      const phoneSends = history.rows.filter((r) => r.by_phone).map((r) => toDate(r.created_at));
      const ipSends = history.rows.filter((r) => r.by_ip).map((r) => toDate(r.created_at));
      const decision = decideOtpSend({ phoneSends, ipSends }, now);
      if (!decision.ok) reject(decision.reason, { retryAfterSec: decision.retryAfterSec });
      await tx.query(`update identity_otp_challenges set status = 'superseded', resolved_at = $2 where phone = $1 and status = 'active'`, [
        phone,
        now,
      ]);
      await tx.query(
        `insert into identity_otp_challenges (id, phone, ip, code_digest, language, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          challengeId,
          phone,
          input.ip,
          otpDigest(deps.pepper, challengeId, code),
          language,
          now,
          new Date(now.getTime() + LIMITS.otpTtlSec * 1000),
        ],
      );
      return phoneSends.length + 1;
    });
    try {
      await deps.sms.send({ to: phone, code, text: otpSmsText(code, language), lang: language, idempotencyKey: challengeId });
    } catch (error) {
      // Not delivered: forget the challenge so the player is not made to wait for a code that never came.
      await db.query(`delete from identity_otp_challenges where id = $1`, [challengeId]);
      deps.logger?.warn({ err: error, sms: deps.sms.id }, 'one-time code could not be sent');
      reject('sms_failed');
    }
    return { phone, expiresInSec: LIMITS.otpTtlSec, resendAfterSec: nextResendAfterSec(sentInWindow) };
  }

  async function rejectAsItStandsNow(challengeId: string, now: Date): Promise<never> {
    const { rows } = await db.query<ChallengeRow>(
      `select id, code_digest, status, attempts, expires_at from identity_otp_challenges where id = $1`,
      [challengeId],
    );
    const row = rows[0];
    const check = checkChallenge(row ? { status: row.status, attempts: row.attempts, expiresAt: toDate(row.expires_at) } : null, now);
    return reject(
      check.ok ? 'otp_not_requested' : check.reason,
      !check.ok && check.reason === 'otp_attempts_exhausted' ? { attemptsLeft: 0 } : undefined,
    );
  }

  /**
   * One address may send only so many wrong codes in a window (whatever the phones), so it cannot burn other
   * people's codes or guess across many phones; past it, its verifies are refused before any code is looked at.
   * Concurrent requests may overshoot by what is in flight; each of them still counts against its own code.
   */
  async function refuseOverVerifyLimit(ip: string, now: Date): Promise<void> {
    const windowMs = LIMITS.otpWindowSec * 1000;
    const { rows } = await db.query<{ created_at: Date | string }>(
      `select created_at from identity_otp_verify_failures where ip = $1 and created_at > $2 order by created_at desc limit $3`,
      [ip, new Date(now.getTime() - windowMs), LIMITS.otpMaxWrongVerifiesPerIpPerWindow],
    );
    if (rows.length < LIMITS.otpMaxWrongVerifiesPerIpPerWindow) return;
    const leavesWindowAt = toDate(rows[rows.length - 1]!.created_at).getTime() + windowMs;
    reject('otp_verify_limit', { retryAfterSec: Math.max(1, Math.ceil((leavesWindowAt - now.getTime()) / 1000)) });
  }

  async function verifyOtp(input: { phone: string; otp: string; ip: string; language?: Lang; name?: string }): Promise<VerifyOtpResult> {
    const phone = requirePhone(input.phone);
    const now = clock();
    await refuseOverVerifyLimit(input.ip, now);
    const { rows } = await db.query<ChallengeRow>(
      `select id, code_digest, status, attempts, expires_at from identity_otp_challenges
        where phone = $1 order by created_at desc limit 1`,
      [phone],
    );
    const row = rows[0];
    const challenge = row ? { status: row.status, attempts: row.attempts, expiresAt: toDate(row.expires_at) } : null;
    const check = checkChallenge(challenge, now);
    if (!check.ok) reject(check.reason, check.reason === 'otp_attempts_exhausted' ? { attemptsLeft: 0 } : undefined);
    const { id: challengeId, code_digest: digest } = row!;

    if (!otpMatches(deps.pepper, challengeId, input.otp, digest)) {
      await db.query(`insert into identity_otp_verify_failures (ip, created_at) values ($1, $2)`, [input.ip, now]);
      const counted = await db.query<{ attempts: number; status: string }>(
        `update identity_otp_challenges
            set attempts = attempts + 1,
                status = case when attempts + 1 >= $2 then 'burned' else status end,
                resolved_at = case when attempts + 1 >= $2 then $3 else resolved_at end
          where id = $1 and status = 'active'
        returning attempts, status`,
        [challengeId, LIMITS.otpMaxWrongAttempts, now],
      );
      const after = counted.rows[0];
      // Another request burned or used the challenge meanwhile: answer as if this one came after it.
      if (!after) await rejectAsItStandsNow(challengeId, now);
      if (after!.status === 'burned') reject('otp_attempts_exhausted', { attemptsLeft: 0 });
      reject('otp_incorrect', { attemptsLeft: attemptsLeft(after!.attempts) });
    }

    const signedIn = await db.transaction(async (tx) => {
      // The conditional update is the race guard: of two verifies with the right code, exactly one consumes it.
      const consumed = await tx.query(
        `update identity_otp_challenges set status = 'consumed', resolved_at = $2
          where id = $1 and status = 'active' and attempts < $3 and expires_at > $2`,
        [challengeId, now, LIMITS.otpMaxWrongAttempts],
      );
      if (consumed.rowCount !== 1) return null;
      const inserted = await tx.query<UserRow>(
        `insert into identity_users (id, phone, name, language, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $5)
         on conflict (phone) do nothing
         returning ${USER_COLUMNS}`,
        [newUuid(), phone, chooseDisplayName(input.name, input.language ?? 'en'), input.language ?? 'en', now],
      );
      let user = inserted.rows[0] ? toUserRecord(inserted.rows[0]) : await findUserByPhone(tx, phone);
      if (!user) throw new Error(`user for ${phone} vanished during sign-in`);
      const isNew = inserted.rows.length === 1;
      let languageChanged = false;
      if (!isNew && input.language && input.language !== user.language) {
        const updated = await tx.query<UserRow>(
          `update identity_users set language = $2, updated_at = $3 where id = $1 returning ${USER_COLUMNS}`,
          [user.id, input.language, now],
        );
        user = toUserRecord(updated.rows[0]!);
        languageChanged = true;
      }
      const token = await deps.sessions.open(tx, user.id, now);
      return { user, token, isNew, languageChanged };
    });
    if (!signedIn) return rejectAsItStandsNow(challengeId, now);

    if (!signedIn.user.registrationPublishedAt) await deps.publishRegistration(signedIn.user);
    if (signedIn.languageChanged) await deps.onLanguageChanged(signedIn.user);
    return { user: signedIn.user, token: signedIn.token, isNew: signedIn.isNew };
  }

  return { sendOtp, verifyOtp };
}

export type SignIn = ReturnType<typeof createSignIn>;
