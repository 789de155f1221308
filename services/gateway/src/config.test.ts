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

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }, '/srv/qal').trustProxy;

  it('trusts nothing when unset, empty or false', () => {
    for (const value of [undefined, '', 'false', 'no', '0']) expect(trust(value), String(value)).toBe(false);
  });

  it('takes a hop count', () => {
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
  });

  it('takes a comma-separated list of proxy addresses and CIDRs', () => {
    expect(trust('10.0.0.0/8, 192.168.1.7,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '192.168.1.7', 'fd00::/8', 'loopback']);
  });

  it('refuses true: a client could pick its own IP through X-Forwarded-For', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      const lines = errorsOf({ TRUST_PROXY: value });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^TRUST_PROXY: must not trust every proxy/);
    }
  });

  it('refuses what is neither a hop count nor an address', () => {
    expect(errorsOf({ TRUST_PROXY: '10.0.0.0/8, proxy.example' })).toEqual([expect.stringMatching(/^TRUST_PROXY: .*"proxy\.example"/)]);
    expect(errorsOf({ TRUST_PROXY: '10.0.0.0/33' })).toEqual([expect.stringMatching(/^TRUST_PROXY:/)]);
    expect(errorsOf({ TRUST_PROXY: '99' })).toEqual([expect.stringMatching(/^TRUST_PROXY: a hop count must be at most 10/)]);
  });
});

describe('NODE_ENV=production', () => {
  const chapa = { PAYMENT_PROVIDER: 'chapa', CHAPA_SECRET_KEY: 'k', CHAPA_WEBHOOK_SECRET: 'w', PUBLIC_URL: 'https://qal.example' };
  const afromessage = { SMS_PROVIDER: 'afromessage', AFROMESSAGE_TOKEN: 't', AFROMESSAGE_IDENTIFIER_ID: 'i' };

  it('refuses the console SMS and the sandbox payments, naming the variable and the staging flag', () => {
    const lines = errorsOf({ NODE_ENV: 'production' });
    expect(lines).toEqual([
      expect.stringMatching(/^SMS_PROVIDER: must not be console with NODE_ENV=production.*QAL_STAGING=1/),
      expect.stringMatching(/^PAYMENT_PROVIDER: must not be sandbox with NODE_ENV=production.*QAL_STAGING=1/),
    ]);
    expect(errorsOf({ NODE_ENV: 'production', SMS_PROVIDER: 'console', ...chapa })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER: .*\(got "console"\)$/),
    ]);
    expect(errorsOf({ NODE_ENV: 'production', ...afromessage })).toEqual([expect.stringMatching(/^PAYMENT_PROVIDER: /)]);
  });

  it('starts with real providers, or with an explicit staging flag', () => {
    expect(loadConfig({ NODE_ENV: 'production', ...afromessage, ...chapa }, '/srv/qal')).toMatchObject({
      sms: { provider: 'afromessage' },
      payments: { provider: 'chapa' },
    });
    expect(loadConfig({ NODE_ENV: 'production', QAL_STAGING: '1' }, '/srv/qal')).toMatchObject({
      sms: { provider: 'console' },
      payments: { provider: 'sandbox' },
    });
    expect(errorsOf({ NODE_ENV: 'production', QAL_STAGING: '0' })).toHaveLength(2);
  });

  it('leaves development and tests alone', () => {
    for (const NODE_ENV of ['development', 'test']) expect(errorsOf({ NODE_ENV })).toEqual([]);
  });

  it('switches the websocket test surface off unless QAL_TEST_SURFACE turns it on', () => {
    const staging = { NODE_ENV: 'production', QAL_STAGING: '1' };
    expect(loadConfig(staging, '/srv/qal').testSurface).toBe(false);
    expect(loadConfig({ ...staging, QAL_TEST_SURFACE: '1' }, '/srv/qal').testSurface).toBe(true);
    for (const NODE_ENV of ['development', 'test', '']) expect(loadConfig({ NODE_ENV }, '/srv/qal').testSurface).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', QAL_TEST_SURFACE: 'false' }, '/srv/qal').testSurface).toBe(false);
    expect(errorsOf({ QAL_TEST_SURFACE: 'maybe' })).toEqual([expect.stringMatching(/^QAL_TEST_SURFACE: .*\(got "maybe"\)$/)]);
  });
});

describe('metrics and log settings', () => {
  const production = { NODE_ENV: 'production', QAL_STAGING: '1' };

  it('answer /metrics on the public port in development only, unless METRICS_PUBLIC says otherwise', () => {
    expect(loadConfig({}, '/srv/qal').metrics).toEqual({ port: null, onPublicPort: true });
    expect(loadConfig(production, '/srv/qal').metrics).toEqual({ port: null, onPublicPort: false });
    expect(loadConfig({ ...production, METRICS_PORT: '9464' }, '/srv/qal').metrics).toEqual({ port: 9464, onPublicPort: false });
    expect(loadConfig({ ...production, METRICS_PUBLIC: '1' }, '/srv/qal').metrics).toEqual({ port: null, onPublicPort: true });
    expect(loadConfig({ METRICS_PUBLIC: 'no', METRICS_PORT: ' ' }, '/srv/qal').metrics).toEqual({ port: null, onPublicPort: false });
  });

  it('refuse a bad METRICS_PORT or METRICS_PUBLIC with one line each', () => {
    expect(errorsOf({ METRICS_PORT: 'x' })).toEqual([
      expect.stringMatching(/^METRICS_PORT: must be a port number \(1-65535\) \(got "x"\)$/),
    ]);
    expect(errorsOf({ METRICS_PORT: '70000' })).toEqual([expect.stringMatching(/^METRICS_PORT: must be a port number/)]);
    expect(errorsOf({ PORT: '8080', METRICS_PORT: '8080' })).toEqual([
      expect.stringMatching(/^METRICS_PORT: must differ from PORT .*METRICS_PUBLIC=1.* \(got "8080"\)$/),
    ]);
    expect(errorsOf({ METRICS_PUBLIC: 'sometimes' })).toEqual([expect.stringMatching(/^METRICS_PUBLIC: .*\(got "sometimes"\)$/)]);
  });

  it('log pretty lines only outside production', () => {
    expect(loadConfig({}, '/srv/qal')).toMatchObject({ logFormat: 'auto', production: false });
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, '/srv/qal').logFormat).toBe('pretty');
    expect(loadConfig({ ...production, LOG_FORMAT: 'json' }, '/srv/qal')).toMatchObject({ logFormat: 'json', production: true });
    expect(errorsOf({ ...production, LOG_FORMAT: 'pretty' })).toEqual([
      expect.stringMatching(/^LOG_FORMAT: must not be pretty with NODE_ENV=production/),
    ]);
    expect(errorsOf({ LOG_FORMAT: 'fancy' })).toEqual([expect.stringMatching(/^LOG_FORMAT: .*\(got "fancy"\)$/)]);
  });
});
