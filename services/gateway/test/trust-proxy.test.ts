import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPlatform } from '../src/testing/platform.ts';
import { startPlatform } from './support/platform.ts';

/**
 * TRUST_PROXY decides how much of X-Forwarded-For is believed. Each platform here sees its requests through a
 * proxy at 10.0.0.2 (the socket's peer) that appends the address it saw to whatever the client sent.
 */
const PROXY = '10.0.0.2';

function withPlatform(env: Record<string, string>) {
  const holder: { t: TestPlatform } = { t: undefined as unknown as TestPlatform };
  beforeAll(async () => {
    holder.t = await startPlatform({ env });
  });
  afterAll(async () => {
    await holder.t?.close();
  });
  const sendOtp = (forwardedFor: string | null, remoteAddress = PROXY) =>
    holder.t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/send-otp',
      remoteAddress,
      headers: forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor },
      payload: { phone: holder.t.nextPhone() },
    });
  /** The client address the gateway recorded for a code sent with these headers. */
  const ipSeen = async (forwardedFor: string | null, remoteAddress = PROXY) => {
    const sent = await sendOtp(forwardedFor, remoteAddress);
    expect(sent.statusCode).toBe(200);
    const { rows } = await holder.t.platform.db.query<{ ip: string }>(`select ip from identity_otp_challenges where phone = $1`, [
      sent.json().data.phone,
    ]);
    return rows[0]!.ip;
  };
  return { sendOtp, ipSeen };
}

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  const { sendOtp, ipSeen } = withPlatform({ TRUST_PROXY: '1' });

  it('believes only the last hop of X-Forwarded-For, the one the proxy added', async () => {
    expect(await ipSeen('203.0.113.7')).toBe('203.0.113.7');
    expect(await ipSeen('198.51.100.1, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts a forging client under its real address for the per-IP code limit', async () => {
    // 20 codes, each claiming another origin in front of the address the proxy saw
    for (let i = 1; i <= 20; i++) expect((await sendOtp(`198.51.100.${i}, 203.0.113.9`)).statusCode).toBe(200);
    const limited = await sendOtp('192.0.2.77, 203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('otp_hourly_limit');
    // someone else behind the same proxy is not affected
    expect((await sendOtp('203.0.113.10')).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a list of proxy addresses', () => {
  const { ipSeen } = withPlatform({ TRUST_PROXY: '10.0.0.0/8' });

  it('skips the listed proxies and stops at the first address not among them', async () => {
    expect(await ipSeen('203.0.113.50, 10.1.1.1')).toBe('203.0.113.50');
    expect(await ipSeen('192.0.2.1, 203.0.113.51, 10.1.1.1')).toBe('203.0.113.51');
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    expect(await ipSeen('203.0.113.52', '198.51.100.200')).toBe('198.51.100.200');
  });
});

describe('TRUST_PROXY unset', () => {
  const { ipSeen } = withPlatform({});

  it('trusts no X-Forwarded-For at all', async () => {
    expect(await ipSeen('203.0.113.60')).toBe(PROXY);
    expect(await ipSeen(null)).toBe(PROXY);
  });
});
