import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import type { SqlDatabase } from '@qal/events';
import { LIMITS } from '../config.ts';
import type { Clock } from '../clock.ts';
import { sendFailure } from './envelope.ts';
import { idempotencyKey } from './request-context.ts';

/**
 * Replays the first answer of a POST retried with the same Idempotency-Key, for the routes whose effect is not
 * a ledger command (those are idempotent by command id already). A cached answer is found and decrypted only
 * with what the original request proved (the phone for send-otp, the user for profile calls), so nobody can
 * fetch another's answer by guessing a key. Never for an answer that holds a session token (verify-otp,
 * refresh): a replay would hand out a session without checking the code or token again, so those routes check
 * every request themselves. Two requests with one key at the same time: the second gets 409
 * `idempotency_in_progress`.
 */
export type SecretOf = (request: FastifyRequest) => string;

interface CachedRow {
  status: string;
  status_code: number | null;
  iv: string | null;
  body: string | null;
  created_at: Date | string;
}

const CLAIM = Symbol('idempotency-claim');
type Claimed = FastifyRequest & { [CLAIM]?: { id: string; key: Buffer } };

export function createIdempotency(deps: { db: SqlDatabase; clock: Clock; pepper: string }) {
  const derive = (label: string, material: string) => createHmac('sha256', deps.pepper).update(`${label}\u0000${material}`).digest();

  function encrypt(key: Buffer, text: string) {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return { iv: iv.toString('base64'), body: body.toString('base64') };
  }

  function decrypt(key: Buffer, iv: string, body: string): string {
    const data = Buffer.from(body, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  }

  /** Route hooks that make one POST route idempotent; `secretOf` names what the request proves. */
  return function idempotent(secretOf: SecretOf): { preHandler: preHandlerHookHandler; onSend: onSendHookHandler } {
    const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = idempotencyKey(request);
      if (!key) return;
      const material = `${request.routeOptions.url}\u0000${key}\u0000${secretOf(request)}`;
      const id = derive('idempotency-id', material).toString('hex');
      const cipherKey = derive('idempotency-key', material);
      const now = deps.clock();
      const staleBefore = new Date(now.getTime() - LIMITS.idempotencyPendingSec * 1000);
      const expiredBefore = new Date(now.getTime() - LIMITS.idempotencyRetentionSec * 1000);
      const claimed = await deps.db.query(
        `insert into identity_idempotency (id, status, created_at) values ($1, 'pending', $2)
         on conflict (id) do update set status = 'pending', status_code = null, iv = null, body = null, created_at = $2
           where (identity_idempotency.status = 'pending' and identity_idempotency.created_at < $3)
              or identity_idempotency.created_at < $4`,
        [id, now, staleBefore, expiredBefore],
      );
      if (claimed.rowCount === 1) {
        (request as Claimed)[CLAIM] = { id, key: cipherKey };
        return;
      }
      const { rows } = await deps.db.query<CachedRow>(
        `select status, status_code, iv, body, created_at from identity_idempotency where id = $1`,
        [id],
      );
      const row = rows[0];
      if (!row || row.status !== 'done' || row.iv === null || row.body === null)
        return sendFailure(request, reply, 'idempotency_in_progress');
      reply.header('idempotent-replayed', 'true');
      return reply
        .code(row.status_code ?? 200)
        .type('application/json; charset=utf-8')
        .send(decrypt(cipherKey, row.iv, row.body));
    };

    const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const claim = (request as Claimed)[CLAIM];
      if (!claim) return payload;
      delete (request as Claimed)[CLAIM];
      if (reply.statusCode >= 500 || typeof payload !== 'string') {
        // Nothing happened that a retry must not repeat: let the retry run again.
        await deps.db.query(`delete from identity_idempotency where id = $1 and status = 'pending'`, [claim.id]);
        return payload;
      }
      const sealed = encrypt(claim.key, payload);
      await deps.db.query(`update identity_idempotency set status = 'done', status_code = $2, iv = $3, body = $4 where id = $1`, [
        claim.id,
        reply.statusCode,
        sealed.iv,
        sealed.body,
      ]);
      return payload;
    };

    return { preHandler, onSend };
  };
}

export type Idempotent = ReturnType<typeof createIdempotency>;
