import {
  createMemoryEventStore,
  newUuid,
  openPgliteDatabase,
  rejected,
  succeeded,
  type CommandEnvelope,
  type CommandOutcome,
  type CommandSender,
  type EventStore,
  type SqlDatabase,
} from '@qal/events';
import { createGameEngine, matchStreamId, type GameEngine, type GameRegistry } from '../src/index.ts';

export interface Movement {
  readonly transferId: string;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
  readonly reason: string;
  readonly matchId?: string;
}

/**
 * A ledger stand-in for the engine's own tests: Transfer only, idempotent by transfer id like the real one, wallets
 * that cannot go below zero, and faults on demand (a crash before or after the movement).
 */
export function createFakeLedger() {
  const balances = new Map<string, number>();
  const transfers = new Map<string, Movement>();
  let fault: { when: 'before' | 'after'; reason?: string } | null = null;

  const sender: CommandSender = {
    async send(command: CommandEnvelope): Promise<CommandOutcome> {
      if (command.type !== 'Transfer') return rejected(command.commandId, 'invalid_command');
      const p = command.payload as unknown as Movement;
      const pending = fault;
      if (pending?.when === 'before') {
        fault = null;
        throw new Error('ledger unreachable (injected)');
      }
      const known = transfers.get(p.transferId);
      if (!known) {
        const isWallet = p.from.startsWith('wallet:');
        const balance = balances.get(p.from) ?? 0;
        if (isWallet && balance < p.amount) return rejected(command.commandId, 'insufficient_tokens', { available: balance });
        balances.set(p.from, balance - p.amount);
        balances.set(p.to, (balances.get(p.to) ?? 0) + p.amount);
        transfers.set(p.transferId, {
          transferId: p.transferId,
          from: p.from,
          to: p.to,
          amount: p.amount,
          reason: p.reason,
          matchId: p.matchId,
        });
      }
      if (pending?.when === 'after') {
        fault = null;
        throw new Error('reply lost (injected)');
      }
      return succeeded(command.commandId, { transferId: p.transferId, status: 'posted' });
    },
  };

  return {
    sender,
    fund(userId: string, tokens: number) {
      balances.set(`wallet:${userId}`, (balances.get(`wallet:${userId}`) ?? 0) + tokens);
    },
    balance: (account: string) => balances.get(account) ?? 0,
    wallet: (userId: string) => balances.get(`wallet:${userId}`) ?? 0,
    movements: () => [...transfers.values()],
    /** The next Transfer throws: 'before' it moves anything, or 'after' (moved, but the answer is lost). */
    failNext(when: 'before' | 'after') {
      fault = { when };
    },
  };
}

export type FakeLedger = ReturnType<typeof createFakeLedger>;

export interface EngineHarness {
  readonly store: EventStore;
  readonly db: SqlDatabase;
  readonly ledger: FakeLedger;
  readonly engine: GameEngine;
  close(): Promise<void>;
}

export async function startEngine(options: { seed?: () => string; games?: GameRegistry } = {}): Promise<EngineHarness> {
  const store = createMemoryEventStore();
  const db = await openPgliteDatabase();
  const ledger = createFakeLedger();
  const engine = createGameEngine({
    store,
    db,
    commands: ledger.sender,
    sweepIntervalMs: 0,
    ...(options.seed ? { newSeed: options.seed } : {}),
    ...(options.games ? { games: options.games } : {}),
  });
  await engine.start();
  return {
    store,
    db,
    ledger,
    engine,
    async close() {
      await engine.stop();
      await store.close();
      await db.close();
    },
  };
}

export const T0 = new Date('2026-03-02T06:00:00.000Z');
export const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();

export function command(
  type: string,
  actorId: string,
  payload: Record<string, unknown>,
  issuedAt: string,
  commandId = newUuid(),
): CommandEnvelope {
  return { commandId, type, actorId, payload, issuedAt, correlationId: commandId };
}

/** The test's look behind the curtain: the word, read from the match stream as only the engine may. */
export async function wordOf(store: EventStore, matchId: string): Promise<string> {
  const events = await store.readStream(matchStreamId(matchId));
  const started = events.find((e) => e.type === 'HangmanStarted');
  if (!started) throw new Error(`match ${matchId} has not started`);
  return String(started.data.word);
}

export function data(outcome: CommandOutcome): Record<string, unknown> {
  if (outcome.status !== 'succeeded') throw new Error(`expected success, got ${outcome.reason} ${JSON.stringify(outcome.details)}`);
  return outcome.data;
}

export const reason = (outcome: CommandOutcome) => (outcome.status === 'rejected' ? outcome.reason : 'succeeded');
