import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const errorsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env, '/srv/qal');
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  return [];
};

describe('configuration', () => {
  it('has working defaults for the embedded mode', () => {
    const config = loadConfig({}, '/srv/qal');
    expect(config).toMatchObject({
      mode: 'embedded',
      port: 3000,
      dataDir: '/srv/qal/.data',
      storageDir: '/srv/qal/.data/storage',
      databaseUrl: null,
      otpPepper: null,
      sms: { provider: 'console' },
      payments: { provider: 'sandbox' },
      corsOrigins: [],
      redisUrl: null,
    });
    expect(path.isAbsolute(config.clientDistDir)).toBe(true);
  });

  it('reads lists and providers', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        CORS_ORIGINS: 'https://a.example, https://b.example',
        SMS_PROVIDER: 'afromessage',
        AFROMESSAGE_TOKEN: 't',
        AFROMESSAGE_IDENTIFIER_ID: 'i',
        DATABASE_URL: 'postgres://u@h/db',
        REDIS_URL: 'redis://127.0.0.1:6379',
      },
      '/srv/qal',
    );
    expect(config.port).toBe(8080);
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.sms).toMatchObject({ provider: 'afromessage', token: 't', identifierId: 'i' });
    expect(config.databaseUrl).toBe('postgres://u@h/db');
  });

  it('explains every bad value on its own line, naming the field', () => {
    const lines = errorsOf({ PORT: 'eighty', SMS_PROVIDER: 'pigeon', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(lines).toHaveLength(4);
    expect(lines.find((l) => l.startsWith('PORT:'))).toContain('"eighty"');
    expect(lines.some((l) => l.startsWith('SMS_PROVIDER:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('DATABASE_URL:'))).toBe(true);
    expect(lines.some((l) => l.startsWith('LOG_LEVEL:'))).toBe(true);
    for (const line of lines) expect(line).not.toContain('\n');
  });

  it('requires what a chosen mode or provider needs, without echoing secrets', () => {
    expect(errorsOf({ QAL_MODE: 'distributed' })).toEqual([
      expect.stringMatching(/^OTP_PEPPER: is required in distributed mode/),
      expect.stringMatching(/^DATABASE_URL: is required in distributed mode/),
    ]);
    expect(errorsOf({ SMS_PROVIDER: 'afromessage' }).map((l) => l.split(':')[0])).toEqual([
      'AFROMESSAGE_TOKEN',
      'AFROMESSAGE_IDENTIFIER_ID',
    ]);
    expect(errorsOf({ PAYMENT_PROVIDER: 'chapa' }).map((l) => l.split(':')[0])).toEqual([
      'CHAPA_SECRET_KEY',
      'CHAPA_WEBHOOK_SECRET',
      'PUBLIC_URL',
    ]);
    const pepper = errorsOf({ OTP_PEPPER: 'short-secret' });
    expect(pepper).toHaveLength(1);
    expect(pepper[0]).not.toContain('short-secret');
  });
});
