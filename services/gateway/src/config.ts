import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Every limit of the gateway, named once (docs/product-rules.md, "Accounts and sign-in"). */
export const LIMITS = {
  otpDigits: 6,
  otpTtlSec: 5 * 60,
  otpMaxWrongAttempts: 5,
  otpResendCooldownSec: 60,
  otpWindowSec: 60 * 60,
  otpMaxPerPhonePerWindow: 5,
  otpMaxPerIpPerWindow: 20,
  /** Wrong codes one IP address may send in a window (any phones): past it, its verifies are refused unchecked. */
  otpMaxWrongVerifiesPerIpPerWindow: 20,
  /** Wrong room passwords are counted over this window (per room and player, and per IP address). */
  roomPasswordWindowSec: 15 * 60,
  /** Wrong passwords one player may try on one room in a window: past it, their password joins there are refused. */
  roomPasswordMaxWrongPerRoomAndPlayer: 5,
  /** Wrong room passwords one IP address may send in a window (any rooms, any players). */
  roomPasswordMaxWrongPerIp: 20,
  sessionTtlSec: 30 * 24 * 60 * 60,
  /** A session and the tokens refreshed from it end this long after the sign-in, however often it is refreshed. */
  sessionMaxAgeSec: 90 * 24 * 60 * 60,
  sessionTokenBytes: 32,
  usernameMin: 3,
  usernameMax: 20,
  nameMax: 50,
  emailMax: 254,
  avatarMaxBytes: 2 * 1024 * 1024,
  avatarSizePx: 256,
  avatarMaxInputPixels: 24_000_000,
  jsonBodyLimitBytes: 64 * 1024,
  transactionsPageDefault: 20,
  transactionsPageMax: 100,
  commandTimeoutMs: 10_000,
  walletTailPollMs: 200,
  wsMaxMessageBytes: 4 * 1024,
  /**
   * Each socket's message rate, a token bucket: this many messages at once, refilled at wsMessagesPerSec (well above
   * a fast player: a benchmark player sends about 10 moves a second). Over it the socket is closed.
   */
  wsMessageBurst: 40,
  wsMessagesPerSec: 20,
  /** Messages one socket may send while its token is still being checked (each waits, in order). */
  wsMaxQueuedBeforeAuth: 32,
  /** Messages of one socket waiting behind the one being handled (a slow command holds the rest back). */
  wsMaxPendingMessages: 64,
  /** Channels one socket may follow at once. */
  wsMaxSubscriptionsPerSocket: 50,
  /** Open sockets of one player on one gateway process (tabs, devices, test pages). */
  wsMaxSocketsPerUser: 10,
  /** A socket not signed in with its `auth` message this long after opening is closed. */
  wsAuthTimeoutMs: 10_000,
  /**
   * Bytes waiting in one socket's send buffer beyond which it gets nothing more: it is closed as too slow (a phone
   * that lost its signal, a tab that stopped reading), and its client reconnects for fresh snapshots. A view is a
   * few kilobytes: this is a hundred or more behind, which a reader that keeps up never is.
   */
  wsMaxBufferedBytes: 1024 * 1024,
  dailyBonusAmount: 10,
  /** Finished codes and dead sessions are deleted after this long (codes must outlive the hourly windows). */
  identityRetentionSec: 7 * 24 * 60 * 60,
  housekeepingIntervalMs: 60 * 60 * 1000,
  /** A retried POST with the same Idempotency-Key gets the first answer for this long. */
  idempotencyRetentionSec: 24 * 60 * 60,
  /** A claim whose request never answered (a crash) is taken over after this long. */
  idempotencyPendingSec: 60,
  /** How long a push waits for the engine's read model to include a room event (embedded only). */
  pushSettleTimeoutMs: 2_000,
} as const;

/** Multiplayer rooms (docs/product-rules.md, "Rooms"); the engine checks the same rules again. */
export const ROOM_LIMITS = {
  roomNameMax: 100,
  descriptionMax: 500,
  minPlayers: 2,
  maxPlayers: 8,
  /** At least the game's cost (checked by the engine); a sanity cap here. */
  entryFeeMax: 100_000,
  penaltyMax: 50,
  passwordMin: 4,
  passwordMax: 20,
  openRoomsListMax: 50,
  historyPageDefault: 20,
  historyPageMax: 50,
} as const;

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository root, so defaults do not depend on the directory the process was started from. */
export const REPO_ROOT = path.resolve(here, '../../..');

const optionalText = z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().optional());
const list = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s.length > 0)
      : v,
  z.array(z.string()),
);
const boolean = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
  z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes'),
);
/** proxy-addr's names for address ranges, allowed in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};
/**
 * Which proxies' X-Forwarded-For entries to believe: none (`false`, the default), the last N hops (a number), or
 * the hops added by the listed addresses/CIDRs. Never `true`: trusting every hop lets a client choose its own IP.
 */
const trustProxy = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string().transform((v, ctx): false | number | string[] => {
    const lower = v.toLowerCase();
    if (lower === '' || lower === 'false' || lower === 'no' || lower === '0') return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be at most 10' });
      return z.NEVER;
    }
    if (lower === 'true' || lower === 'yes') {
      ctx.addIssue({
        code: 'custom',
        message:
          'must not trust every proxy (a client could pick its own IP through X-Forwarded-For): give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs, comma-separated',
      });
      return z.NEVER;
    }
    const entries = v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count or a comma-separated list of proxy addresses/CIDRs (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  }),
);
const postgresUrl = z
  .string()
  .trim()
  .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), 'must be a postgres:// or postgresql:// URL');
const redisUrl = z
  .string()
  .trim()
  .refine((v) => /^rediss?:\/\/.+/.test(v), 'must be a redis:// or rediss:// URL');
const httpUrl = z
  .string()
  .trim()
  .refine((v) => /^https?:\/\/.+/.test(v), 'must be an http:// or https:// URL');

/** A port of a listener of its own: blank is unset; never 0, as a scraper has to know where to look. */
const metricsPort = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.coerce
    .number({ error: 'must be a port number (1-65535)' })
    .int('must be a port number (1-65535)')
    .min(1, 'must be a port number (1-65535)')
    .max(65535, 'must be a port number (1-65535)')
    .optional(),
);

const EnvSchema = z
  .object({
    QAL_MODE: z.enum(['embedded', 'distributed']).default('embedded'),
    PORT: z.coerce.number().int('must be a whole number').min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    QAL_DATA_DIR: z.string().trim().min(1).default('.data'),
    DATABASE_URL: postgresUrl.optional(),
    OTP_PEPPER: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
    SMS_PROVIDER: z.enum(['console', 'afromessage']).default('console'),
    AFROMESSAGE_TOKEN: optionalText,
    AFROMESSAGE_IDENTIFIER_ID: optionalText,
    AFROMESSAGE_SENDER: optionalText,
    AFROMESSAGE_URL: httpUrl.default('https://api.afromessage.com/api/send'),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'chapa']).default('sandbox'),
    CHAPA_SECRET_KEY: optionalText,
    CHAPA_WEBHOOK_SECRET: optionalText,
    PUBLIC_URL: httpUrl.optional(),
    CORS_ORIGINS: list.default([]),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** auto: pretty on a terminal, JSON lines when piped; pretty: also when piped (a dev runner prefixing lines). */
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    STORAGE_DIR: optionalText,
    CLIENT_DIST_DIR: optionalText,
    REDIS_URL: redisUrl.optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
    TRUST_PROXY: trustProxy.default(false),
    NODE_ENV: optionalText,
    /** Lets a NODE_ENV=production server run with the console SMS and the sandbox payments (a staging server). */
    QAL_STAGING: boolean.default(false),
    /** The websocket test pages, calls and channel: on by default except with NODE_ENV=production. */
    QAL_TEST_SURFACE: boolean.optional(),
    /** A listener of its own answering /metrics (Prometheus), e.g. 9464; none when unset. */
    METRICS_PORT: metricsPort,
    /** /metrics on the public PORT too: on by default except with NODE_ENV=production. */
    METRICS_PUBLIC: boolean.optional(),
  })
  .superRefine((env, ctx) => {
    const need = (key: keyof typeof env, why: string) => {
      if (env[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: `is required ${why}` });
    };
    if (env.QAL_MODE === 'distributed') {
      need('OTP_PEPPER', 'in distributed mode (every gateway must share it)');
      need('DATABASE_URL', 'in distributed mode');
    }
    if (env.SMS_PROVIDER === 'afromessage') {
      need('AFROMESSAGE_TOKEN', 'when SMS_PROVIDER=afromessage');
      need('AFROMESSAGE_IDENTIFIER_ID', 'when SMS_PROVIDER=afromessage');
    }
    if (env.PAYMENT_PROVIDER === 'chapa') {
      need('CHAPA_SECRET_KEY', 'when PAYMENT_PROVIDER=chapa');
      need('CHAPA_WEBHOOK_SECRET', 'when PAYMENT_PROVIDER=chapa');
      need('PUBLIC_URL', 'when PAYMENT_PROVIDER=chapa (for the return and callback URLs)');
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (to answer /metrics on the public port, set METRICS_PUBLIC=1 instead)',
      });
    if (env.NODE_ENV === 'production' && env.LOG_FORMAT === 'pretty')
      ctx.addIssue({
        code: 'custom',
        path: ['LOG_FORMAT'],
        message: 'must not be pretty with NODE_ENV=production (log collectors read JSON lines): use auto or json',
      });
    if (env.NODE_ENV === 'production' && !env.QAL_STAGING) {
      const staging = 'or set QAL_STAGING=1 if this is a staging server';
      if (env.SMS_PROVIDER === 'console')
        ctx.addIssue({
          code: 'custom',
          path: ['SMS_PROVIDER'],
          message: `must not be console with NODE_ENV=production (it prints sign-in codes instead of sending them): use afromessage, ${staging}`,
        });
      if (env.PAYMENT_PROVIDER === 'sandbox')
        ctx.addIssue({
          code: 'custom',
          path: ['PAYMENT_PROVIDER'],
          message: `must not be sandbox with NODE_ENV=production (it confirms purchases nobody paid for): use chapa, ${staging}`,
        });
    }
  });

export interface Config {
  readonly mode: 'embedded' | 'distributed';
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  /** Null in embedded mode without OTP_PEPPER: the platform generates one and keeps it under the data dir. */
  readonly otpPepper: string | null;
  readonly sms:
    | { readonly provider: 'console' }
    | {
        readonly provider: 'afromessage';
        readonly token: string;
        readonly identifierId: string;
        readonly sender: string | null;
        readonly url: string;
      };
  readonly payments:
    | { readonly provider: 'sandbox' }
    | { readonly provider: 'chapa'; readonly secretKey: string; readonly webhookSecret: string; readonly publicUrl: string };
  readonly corsOrigins: readonly string[];
  readonly logLevel: string;
  /** LOG_FORMAT: pretty lines, JSON lines, or pretty only on a terminal (auto); always JSON in production. */
  readonly logFormat: 'auto' | 'pretty' | 'json';
  readonly storageDir: string;
  readonly clientDistDir: string;
  readonly redisUrl: string | null;
  readonly rateLimitPerMinute: number;
  /** Fastify's trustProxy: false (trust nothing), a hop count, or the trusted proxies' addresses/CIDRs. */
  readonly trustProxy: false | number | readonly string[];
  /** Whether the websocket test pages, calls and channel exist (QAL_TEST_SURFACE; off in production unless set). */
  readonly testSurface: boolean;
  /** NODE_ENV=production: JSON logs even on a terminal, /metrics off the public port unless METRICS_PUBLIC. */
  readonly production: boolean;
  /** Where /metrics answers: a listener of its own (METRICS_PORT) and/or the public port (METRICS_PUBLIC). */
  readonly metrics: { readonly port: number | null; readonly onPublicPort: boolean };
}

export class ConfigError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(`Invalid configuration:\n${lines.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once at start; a bad value is a clear line per field, never a crash later. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const key = issue.path.map(String).join('.') || '(environment)';
        const value = env[key];
        const shown =
          value === undefined || key.includes('PEPPER') || key.includes('TOKEN') || key.includes('SECRET')
            ? ''
            : ` (got ${JSON.stringify(value)})`;
        return `${key}: ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.QAL_DATA_DIR);
  return {
    mode: e.QAL_MODE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? null,
    otpPepper: e.OTP_PEPPER ?? null,
    sms:
      e.SMS_PROVIDER === 'afromessage'
        ? {
            provider: 'afromessage',
            token: e.AFROMESSAGE_TOKEN!,
            identifierId: e.AFROMESSAGE_IDENTIFIER_ID!,
            sender: e.AFROMESSAGE_SENDER ?? null,
            url: e.AFROMESSAGE_URL,
          }
        : { provider: 'console' },
    payments:
      e.PAYMENT_PROVIDER === 'chapa'
        ? { provider: 'chapa', secretKey: e.CHAPA_SECRET_KEY!, webhookSecret: e.CHAPA_WEBHOOK_SECRET!, publicUrl: e.PUBLIC_URL! }
        : { provider: 'sandbox' },
    corsOrigins: e.CORS_ORIGINS,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    storageDir: path.resolve(cwd, e.STORAGE_DIR ?? path.join(dataDir, 'storage')),
    clientDistDir: path.resolve(cwd, e.CLIENT_DIST_DIR ?? path.join(REPO_ROOT, 'client/dist')),
    redisUrl: e.REDIS_URL ?? null,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    trustProxy: e.TRUST_PROXY,
    testSurface: e.QAL_TEST_SURFACE ?? e.NODE_ENV !== 'production',
    production: e.NODE_ENV === 'production',
    metrics: { port: e.METRICS_PORT ?? null, onPublicPort: e.METRICS_PUBLIC ?? e.NODE_ENV !== 'production' },
  };
}
