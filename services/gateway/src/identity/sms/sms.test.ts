import { describe, expect, it } from 'vitest';
import { createAfroMessageSender } from './afromessage.ts';
import { consoleSmsLine, createConsoleSmsSender } from './console.ts';
import { SmsDeliveryError } from './port.ts';
import { LIMITS } from '../../config.ts';
import { SMS_SEGMENT_UNITS, otpSmsText } from './text.ts';

const message = {
  to: '+251911234567' as const,
  code: '042137',
  text: otpSmsText('042137', 'en'),
  lang: 'en' as const,
  idempotencyKey: 'c1',
};

describe('SMS text', () => {
  it('is in the player language and carries the code', () => {
    expect(otpSmsText('042137', 'en')).toContain('042137');
    const am = otpSmsText('042137', 'am');
    expect(am).toContain('042137');
    expect(am).toMatch(/[\u1200-\u137F]/);
  });
  it('tells the player not to share the code, in both languages', () => {
    expect(otpSmsText('042137', 'am')).toContain('ለማንም አያጋሩ');
    expect(otpSmsText('042137', 'en')).toContain('Do not share it');
  });
  it('fits one SMS segment with the longest code: 70 UTF-16 units in Amharic, 160 characters in English', () => {
    const longestCode = '9'.repeat(LIMITS.otpDigits);
    // UCS-2 counts UTF-16 units; every fidel is one, so the string's length is what the operator bills.
    expect(otpSmsText(longestCode, 'am').length).toBeLessThanOrEqual(SMS_SEGMENT_UNITS.ucs2);
    expect(otpSmsText(longestCode, 'en')).toMatch(/^[\x20-\x7E]+$/);
    expect(otpSmsText(longestCode, 'en').length).toBeLessThanOrEqual(SMS_SEGMENT_UNITS.gsm7);
  });
});

describe('console sender', () => {
  it('prints exactly one line per code: [sms] <E.164> <code> <text>', async () => {
    const lines: string[] = [];
    await createConsoleSmsSender((line) => lines.push(line)).send(message);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[sms\] \+251911234567 042137 Your Qal verification code is 042137\..*\n$/);
    expect(lines[0]!.split('\n')).toHaveLength(2);
  });
  it('keeps a multi-line text on one line', () => {
    expect(consoleSmsLine('+251911234567', '1', 'a\nb')).toBe('[sms] +251911234567 1 a b\n');
  });
});

describe('AfroMessage sender', () => {
  const config = { url: 'https://sms.example/api/send', token: 'tok', identifierId: 'id-7', sender: 'Qal' };

  it('posts the message with the bearer token and reads the message id', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ acknowledge: 'success', response: { message_id: 'm-1', status: 'Send' } }), { status: 200 });
    }) as unknown as typeof fetch;
    const result = await createAfroMessageSender(config, fakeFetch).send(message);
    expect(result).toEqual({ accepted: true, providerMessageId: 'm-1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(config.url);
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ from: 'id-7', sender: 'Qal', to: '+251911234567', message: message.text });
  });

  it('fails clearly when the provider refuses or cannot be reached', async () => {
    const refusing = (async () =>
      new Response(JSON.stringify({ acknowledge: 'error', response: { errors: ['bad'] } }), { status: 200 })) as unknown as typeof fetch;
    await expect(createAfroMessageSender(config, refusing).send(message)).rejects.toBeInstanceOf(SmsDeliveryError);
    const down = (async () => new Response('oops', { status: 503 })) as unknown as typeof fetch;
    await expect(createAfroMessageSender(config, down).send(message)).rejects.toThrow(/HTTP 503/);
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(createAfroMessageSender(config, offline).send(message)).rejects.toThrow(/could not be reached/);
  });
});
