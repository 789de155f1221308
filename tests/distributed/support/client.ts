/**
 * A simulated player against the distributed gateways, as a real client behaves under faults: every request
 * that gets no answer (the gateway died) or a timeout answer is sent again with the same Idempotency-Key,
 * through the other gateway if need be, and the websocket reconnects to whichever gateway is up.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { Cluster } from './cluster.ts';

export interface Answer {
  readonly status: number;
  readonly body: { success?: boolean; code?: string; data?: Record<string, unknown> } & Record<string, unknown>;
}

/** One try at a request: the gateway it went to and what came back (or that nothing did). */
export interface AttemptRecord {
  readonly label: string;
  readonly gateway: number;
  readonly status: number | 'no_answer';
  readonly code?: string;
  /** When the try was sent and when it ended (Date.now()), to tell which tries overlapped a fault. */
  readonly sentAt: number;
  readonly endedAt: number;
}

/** Answers a client retries with the same key: the outcome is not known yet (a timeout, a gateway going away). */
const RETRYABLE = new Set([502, 503, 504]);
const RETRY_CODES = new Set(['idempotency_in_progress']);
const SETTLE_TIMEOUT_MS = 150_000;

let phoneCounter = 0;
let ipCounter = 0;
const runSalt = randomBytes(2).readUInt16BE(0);

export class Player {
  readonly phone: string;
  readonly ip: string;
  token = '';
  userId = '';
  /** The gateway this player's requests go to first. */
  gateway: number;
  readonly attempts: AttemptRecord[] = [];
  push: PushClient | null = null;

  constructor(
    readonly cluster: Cluster,
    readonly name: string,
    gateway: number,
  ) {
    this.gateway = gateway;
    phoneCounter += 1;
    ipCounter += 1;
    const digits = String((runSalt * 1000 + process.pid * 37 + phoneCounter * 7919) % 100_000_000).padStart(8, '0');
    this.phone = `+2519${digits}`;
    this.ip = `10.${(runSalt % 200) + 20}.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
  }

  /** One request to one gateway; throws when no answer comes (connection refused or reset). */
  async request(gateway: number, method: 'GET' | 'POST', url: string, options: { body?: unknown; key?: string } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip, 'accept-language': 'en' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (options.key) headers['idempotency-key'] = options.key;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.cluster.gatewayUrl(gateway)}/api/v1${url}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} };
  }

  /**
   * Sends a request until it has an outcome: a success or a named rejection. No answer, or a timeout answer,
   * is retried with the same Idempotency-Key (through the other gateway when this one did not answer).
   */
  async settle(
    label: string,
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; key?: string; gateway?: number } = {},
  ): Promise<Answer> {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    let gateway = options.gateway ?? this.gateway;
    for (let attempt = 1; ; attempt += 1) {
      let answer: Answer | null = null;
      const sentAt = Date.now();
      try {
        answer = await this.request(gateway, method, url, options);
      } catch {
        this.attempts.push({ label, gateway, status: 'no_answer', sentAt, endedAt: Date.now() });
      }
      if (answer) {
        this.attempts.push({
          label,
          gateway,
          status: answer.status,
          ...(answer.body.code ? { code: answer.body.code } : {}),
          sentAt,
          endedAt: Date.now(),
        });
        if (!RETRYABLE.has(answer.status) && !RETRY_CODES.has(answer.body.code ?? '')) return answer;
      } else {
        gateway = 1 - gateway; // that gateway is gone: the other one
      }
      if (Date.now() > deadline)
        throw new Error(
          `${this.name}: ${label} had no outcome within ${SETTLE_TIMEOUT_MS} ms: ${JSON.stringify(this.attempts.filter((a) => a.label === label))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, Math.min(2_000, 250 * attempt)));
    }
  }

  /** send-otp, the code from the console SMS line, verify-otp: each with its own Idempotency-Key. */
  async signIn(): Promise<void> {
    const sent = await this.settle('send-otp', 'POST', '/auth/send-otp', { body: { phone: this.phone }, key: randomUUID() });
    expectSuccess(sent, `${this.name} send-otp`);
    const otp = await this.cluster.codeFor(this.phone);
    const verified = await this.settle('verify-otp', 'POST', '/auth/verify-otp', {
      body: { phone: this.phone, otp, name: this.name },
      key: randomUUID(),
    });
    expectSuccess(verified, `${this.name} verify-otp`);
    const data = verified.body.data as { token: string; user: { id: string } };
    this.token = data.token;
    this.userId = data.user.id;
  }

  /** The wallet as one gateway answers it (GET /wallet), with its version. */
  async wallet(gateway: number): Promise<{ balance: number; held: number; available: number; version: number }> {
    const answer = await this.request(gateway, 'GET', '/wallet');
    expectSuccess(answer, `${this.name} wallet on gateway ${gateway + 1}`);
    return answer.body.data as { balance: number; held: number; available: number; version: number };
  }
}

export function expectSuccess(answer: Answer, what: string): void {
  if (answer.status !== 200 || answer.body.success !== true) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

export interface WalletPush {
  readonly version: number;
  readonly balance: number;
  readonly held: number;
}

/**
 * The player's `user:<id>` channel on a gateway's websocket. When the socket drops (its gateway died) it
 * reconnects to the other gateway, subscribes again and takes the snapshot; pushes with a version not newer
 * than what it has are ignored, as the client app does.
 */
export class PushClient {
  private socket: WebSocket | null = null;
  private closed = false;
  latest: WalletPush | null = null;
  readonly connections: number[] = [];
  readonly pushes: WalletPush[] = [];
  private waiters = new Set<() => void>();

  constructor(
    private readonly cluster: Cluster,
    private readonly player: Player,
    public gateway: number,
  ) {}

  /** Connects and resolves with the snapshot's wallet once subscribed. */
  async connect(): Promise<void> {
    for (let attempt = 1; !this.closed; attempt += 1) {
      try {
        await this.open(this.gateway);
        return;
      } catch {
        this.gateway = 1 - this.gateway;
        await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, 100 * attempt)));
      }
    }
  }

  private open(gateway: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${this.cluster.gatewayUrl(gateway).replace('http', 'ws')}/ws`);
      let subscribed = false;
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'auth', token: this.player.token }));
        socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${this.player.userId}` }));
      });
      socket.on('message', (raw) => {
        const message = JSON.parse(raw.toString()) as { type: string; version?: number; snapshot?: WalletPush; data?: WalletPush };
        const wallet = message.type === 'subscribed' ? message.snapshot : message.type === 'push' ? message.data : null;
        if (message.type === 'subscribed' && !subscribed) {
          subscribed = true;
          this.socket = socket;
          this.connections.push(gateway);
          resolve();
        }
        if (wallet && typeof message.version === 'number' && (!this.latest || message.version > this.latest.version)) {
          this.latest = { version: message.version, balance: wallet.balance, held: wallet.held };
          if (message.type === 'push') this.pushes.push(this.latest);
          for (const wake of [...this.waiters]) wake();
        }
      });
      socket.once('error', (error) => {
        if (!subscribed) reject(error);
      });
      socket.once('close', () => {
        if (!subscribed) {
          reject(new Error('closed before subscribing'));
          return;
        }
        if (this.socket === socket) this.socket = null;
        if (!this.closed) {
          // its gateway went away: the other one
          this.gateway = 1 - gateway;
          void this.connect();
        }
      });
    });
  }

  /** Until the channel shows a wallet with this balance (from a push or a reconnect's snapshot). */
  async waitForBalance(balance: number, timeoutMs = 30_000): Promise<WalletPush> {
    const deadline = Date.now() + timeoutMs;
    while (this.latest?.balance !== balance) {
      if (Date.now() > deadline)
        throw new Error(`${this.player.name}: the channel shows ${JSON.stringify(this.latest)}, not a balance of ${balance}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 250);
        this.waiters.add(wake);
      });
    }
    return this.latest;
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}
