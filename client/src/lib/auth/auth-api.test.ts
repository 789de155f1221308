import { afterEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../testing/fixtures.ts';
import { verifyCode } from './auth-api.ts';

function captureBodies() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ success: true, data: { user: aUser(), token: 't', isNew: true } }));
    }),
  );
  return bodies;
}

afterEach(() => vi.unstubAllGlobals());

describe('verify-otp request', () => {
  it('sends the name trimmed when one was typed', async () => {
    const bodies = captureBodies();
    await verifyCode({ phone: '+251911223344', otp: '123456', language: 'am', name: '  Abebe  ' });
    expect(bodies[0]).toEqual({ phone: '+251911223344', otp: '123456', language: 'am', name: 'Abebe' });
  });

  it('leaves the name out when it is empty after trimming', async () => {
    const bodies = captureBodies();
    await verifyCode({ phone: '+251911223344', otp: '123456', language: 'en', name: '   ' });
    expect(bodies[0]).toEqual({ phone: '+251911223344', otp: '123456', language: 'en' });
  });
});
