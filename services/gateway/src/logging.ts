import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import { maskPhone } from './identity/phone.ts';

/**
 * Logs never carry a session token, a cookie, a one-time code or a full phone number. The only place a code
 * is written out is the embedded console SMS sender's `[sms]` line.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["idempotency-key"]',
  'res.headers["set-cookie"]',
  'otp',
  'code',
  'token',
  'phone',
  '*.otp',
  '*.token',
  '*.phone',
  'body.otp',
  'body.code',
  'body.token',
];

const censor = (value: unknown, path: string[]) => (path.at(-1) === 'phone' && typeof value === 'string' ? maskPhone(value) : '[redacted]');

/** The URL without its query's secrets (the websocket carries `?token=`). */
export function safeUrl(url: string): string {
  return url.replace(/([?&](?:token|otp|code)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor },
    serializers: {
      // Headers are left out entirely (authorization, cookies); the URL loses its query secrets.
      req(request: Partial<FastifyRequest>) {
        return {
          method: request.method,
          url: typeof request.url === 'string' ? safeUrl(request.url) : undefined,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
