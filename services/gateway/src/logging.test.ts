import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, safeUrl } from './logging.ts';

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
});
