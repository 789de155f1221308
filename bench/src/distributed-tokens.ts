/**
 * The token flow of `npm run bench:distributed`: a player sends a command that moves tokens (the daily bonus,
 * confirming a sandbox token purchase) over HTTP and the clock stops when the wallet push for it arrives on the
 * player's websocket (distributed: in through gateway 1, the push out of gateway 2).
 */
import { randomUUID } from 'node:crypto';
import { epochMs, uuidFrom } from '@qal/events';
import { WebSocket } from 'ws';
import {
  apiCall,
  round,
  signInOverHttp,
  stageFigures,
  summary,
  type LatencyTraces,
  type StageFigure,
  type Summary,
} from './bench-support.ts';

export interface TokenSettings {
  readonly users: number;
  readonly warmUpUsers: number;
  readonly purchasesPerUser: number;
  readonly concurrency: number;
}

export interface TokenTarget {
  /** Where commands go in. */
  readonly commandUrl: string;
  /** Where the player's websocket follows its wallet. */
  readonly pushUrl: string;
  readonly codeFor: (phone: string) => Promise<string>;
  readonly traces: LatencyTraces | null;
}

export interface TokenFigures {
  readonly commandToPush: Summary;
  readonly commandToAnswer: Summary;
  readonly commandsPerSecond: number;
  readonly stages?: StageFigure[];
}

class TokenUser {
  token = '';
  userId = '';
  ip = '';
  balance = 0;
  private socket: WebSocket | null = null;
  private waiting: { balance: number; resolve: (at: number) => void } | null = null;

  constructor(private readonly target: TokenTarget) {}

  post(path: string, options: { key?: string; body?: unknown } = {}) {
    return apiCall(this.target.commandUrl, path, { ip: this.ip, token: this.token, ...options });
  }

  async signIn() {
    const signedIn = await signInOverHttp(this.target.commandUrl, this.target.codeFor, 'Bench');
    Object.assign(this, { token: signedIn.token, userId: signedIn.userId, ip: signedIn.ip });
    await new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${this.target.pushUrl.replace('http', 'ws')}/ws`);
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'auth', token: this.token }));
        socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${this.userId}` }));
      });
      socket.once('error', reject);
      socket.on('message', (raw) => {
        const at = epochMs();
        const message = JSON.parse(raw.toString()) as { type: string; snapshot?: { balance: number }; data?: { balance: number } };
        const wallet = message.type === 'subscribed' ? message.snapshot : message.type === 'push' ? message.data : null;
        if (!wallet) return;
        this.balance = Math.max(this.balance, wallet.balance);
        if (message.type === 'subscribed') resolve();
        if (this.waiting && this.balance >= this.waiting.balance) {
          const { resolve: done } = this.waiting;
          this.waiting = null;
          done(at);
        }
      });
      this.socket = socket;
    });
    // the welcome grant may still be on its way
    if (this.balance < 100) await this.pushOf(100);
  }

  /** Resolves with the time (epoch ms) the wallet push showing `balance` arrived. */
  pushOf(balance: number, timeoutMs = 10_000): Promise<number> {
    if (this.balance >= balance) return Promise.resolve(epochMs());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no push with balance ${balance} for ${this.userId}`)), timeoutMs);
      this.waiting = {
        balance,
        resolve: (at) => {
          clearTimeout(timer);
          resolve(at);
        },
      };
    });
  }

  /** Sends a token-moving command: when it was sent, answered and pushed (epoch ms), and its id. */
  async measure(path: string, tokens: number, commandType: string) {
    const expected = this.balance + tokens;
    const key = randomUUID();
    const commandId = uuidFrom('idempotency-key', this.userId, commandType, key);
    const sentAt = epochMs();
    const pushed = this.pushOf(expected);
    await this.post(path, { key });
    const answeredAt = epochMs();
    return { sentAt, answeredAt, pushedAt: await pushed, commandId };
  }

  close() {
    this.socket?.close();
  }
}

/** Each user: sign in, the daily bonus, then `purchasesPerUser` token purchases (start, then the sandbox confirm). */
export async function benchTokens(target: TokenTarget, settings: TokenSettings): Promise<TokenFigures> {
  const samples: Awaited<ReturnType<TokenUser['measure']>>[] = [];
  const run = async (users: TokenUser[], record: boolean) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: settings.concurrency }, async () => {
        for (let user = users[next++]; user; user = users[next++]) {
          await user.signIn();
          const mine = [await user.measure('/user/claim-daily-bonus', 10, 'ClaimDailyBonus')];
          for (let i = 0; i < settings.purchasesPerUser; i++) {
            const { purchaseId } = await user.post('/wallet/purchases', { body: { package: 'tokens_100' } });
            mine.push(await user.measure(`/payments/sandbox/${String(purchaseId)}/confirm`, 100, 'ConfirmPurchase'));
          }
          user.close();
          if (record) samples.push(...mine);
        }
      }),
    );
  };
  await run(
    Array.from({ length: settings.warmUpUsers }, () => new TokenUser(target)),
    false,
  );
  target.traces?.clear();
  const started = performance.now();
  await run(
    Array.from({ length: settings.users }, () => new TokenUser(target)),
    true,
  );
  const elapsedMs = performance.now() - started;
  const traces = target.traces;
  return {
    commandToPush: summary(samples.map((s) => s.pushedAt - s.sentAt)),
    commandToAnswer: summary(samples.map((s) => s.answeredAt - s.sentAt)),
    commandsPerSecond: round((samples.length / elapsedMs) * 1000),
    ...(traces
      ? {
          stages: stageFigures(
            samples.map((s) => ({ stages: traces.stagesOf(s.commandId), sentAt: s.sentAt, end: ['client.push', s.pushedAt] as const })),
          ),
        }
      : {}),
  };
}
