import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { markCorrelationBound, withCorrelation } from '@qal/events';
import { logTransport, loggerOptions, requestIdOf, safeUrl } from './logging.ts';

function capture(): { lines: () => Record<string, unknown>[]; sink: Writable } {
  const written: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      written.push(String(chunk));
      done();
    },
  });
  return { sink, lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('logs', () => {
  it('never show a token, a code or a full phone number', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino(loggerOptions('info'), sink);
    logger.info({ phone: '+251911234567', otp: '123456', token: 'secret-token', user: { phone: '+251922222222' } }, 'sign-in');
    logger.info({ req: { headers: { authorization: 'Bearer abc', cookie: 'x=1' } } }, 'request');
    const text = lines.join('');
    expect(text).toContain('+2519****4567');
    expect(text).not.toContain('+251911234567');
    expect(text).not.toContain('+251922222222');
    expect(text).not.toContain('123456');
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('Bearer abc');
  });

  it('strip the token from websocket URLs', () => {
    expect(safeUrl('/ws?token=abcdef&x=1')).toBe('/ws?token=[redacted]&x=1');
  });

  it('carry the correlation id of the work under way, once, and keep redacting inside it', async () => {
    const { sink, lines } = capture();
    const logger = pino(loggerOptions('info'), sink);
    logger.info('outside');
    await withCorrelation('cmd-correlation-1', async () => {
      await Promise.resolve();
      logger.child({ service: 'ledger' }).info({ phone: '+251911234567' }, 'inside');
      markCorrelationBound(logger.child({ correlationId: 'cmd-correlation-1' })).info('bound');
    });
    const [outside, inside, bound] = lines();
    expect(outside).not.toHaveProperty('correlationId');
    expect(inside).toMatchObject({ correlationId: 'cmd-correlation-1', service: 'ledger', phone: '+2519****4567' });
    expect(bound).toMatchObject({ correlationId: 'cmd-correlation-1' });
  });

  it('are pretty on a developer terminal and JSON lines when piped or in production', () => {
    const development = { production: false, logFormat: 'auto' } as const;
    expect(logTransport({ isTTY: true }, development).transport).toMatchObject({ target: 'pino-pretty' });
    expect(logTransport({ isTTY: false }, development)).toEqual({});
    expect(logTransport({}, { ...development, logFormat: 'pretty' }).transport).toMatchObject({ target: 'pino-pretty' });
    expect(logTransport({ isTTY: true }, { ...development, logFormat: 'json' })).toEqual({});
    expect(logTransport({ isTTY: true }, { production: true, logFormat: 'auto' })).toEqual({});
  });

  it('take the caller’s X-Request-Id only when it looks like one', () => {
    expect(requestIdOf({ headers: { 'x-request-id': 'trace-0123456789' } })).toBe('trace-0123456789');
    for (const header of [undefined, 'short', 'with spaces and more', 'x'.repeat(101), '<script>alert(1)</script>'])
      expect(requestIdOf({ headers: { 'x-request-id': header } })).toMatch(/^[0-9a-f-]{36}$/);
  });
});
