import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AsyncResource } from 'node:async_hooks';
import { LogController, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { LoggerOptions, TransportSingleOptions } from 'pino';
import { z } from 'zod';
import { correlationMixin, markCorrelationBound, withCorrelation } from '@qal/events';
import type { Config } from './config.ts';
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

/** The URL without its query's secrets (an old client may still put `?token=` on the websocket's address). */
export function safeUrl(url: string): string {
  return url.replace(/([?&](?:token|otp|code)=)[^&#]*/gi, '$1[redacted]');
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // a line logged while a request or a command is handled carries its correlation id (see correlateRequests)
    mixin: correlationMixin,
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

/** pino-pretty's settings: one short coloured line per entry, `[12:04:05.123] INFO: gateway: message {fields}`. */
export const PRETTY_LOG_OPTIONS = {
  colorize: true,
  singleLine: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: 'pid,hostname,service',
  messageFormat: '{if service}{service}: {end}{msg}',
} as const;

/**
 * Pretty logs (pino-pretty, as a transport on its own thread) on a developer's terminal; JSON lines in production
 * and whenever the output is piped (to a file, a collector, `npm run start:distributed`), so machines read them.
 * LOG_FORMAT=pretty asks for pretty lines through a pipe too (a dev runner that prefixes each line); =json never.
 */
export function logTransport(
  output: { readonly isTTY?: boolean },
  config: Pick<Config, 'production' | 'logFormat'>,
): { transport?: TransportSingleOptions } {
  const pretty = !config.production && (config.logFormat === 'pretty' || (config.logFormat === 'auto' && output.isTTY === true));
  return pretty ? { transport: { target: 'pino-pretty', options: { ...PRETTY_LOG_OPTIONS } } } : {};
}

/** The header a caller (a proxy, a client, another service) may name its request with; answered on every response. */
export const REQUEST_ID_HEADER = 'x-request-id';
const RequestId = z.string().regex(/^[A-Za-z0-9._:-]{8,100}$/);

/** The request's correlation id: the caller's X-Request-Id when it looks like one (never a header's raw text), else new. */
export function requestIdOf(request: Pick<IncomingMessage, 'headers'>): string {
  const parsed = RequestId.safeParse(request.headers[REQUEST_ID_HEADER]);
  return parsed.success ? parsed.data : randomUUID();
}

/** Fastify's options for correlation: request ids from requestIdOf, logged as `correlationId` on the request's lines. */
export function correlationServerOptions(): Pick<FastifyServerOptions, 'genReqId' | 'logController' | 'childLoggerFactory'> {
  return {
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    // the request logger binds the id itself: the mixin must not write it a second time
    childLoggerFactory: (logger, bindings, options) => markCorrelationBound(logger.child(bindings, options)),
  };
}

/**
 * Runs each request under its correlation id, so every line logged while it is handled (by any logger built with
 * loggerOptions, the embedded services' too) carries it, and answers the id in X-Request-Id. The body is parsed
 * outside the request's async context (stream events), so it is entered again before validation.
 */
export function correlateRequests(app: FastifyInstance): void {
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    withCorrelation(request.id, () => {
      scopes.set(request, new AsyncResource('qal-request'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}
