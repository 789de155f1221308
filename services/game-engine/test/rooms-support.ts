/**
 * Rooms through the real engine service and the real ledger (holds, escrow, house), on the memory store, PGlite
 * or PostgreSQL; with faults between the engine and the ledger on demand, a peek at the duel (the test may see the
 * words, as only the engine may), and money checks (balances from the ledger's own streams, and its audit).
 */
import {
  createMemoryEventStore,
  createSqlEventStore,
  newUuid,
  openPgliteDatabase,
  type CommandEnvelope,
  type CommandOutcome,
  type CommandSender,
  type EventStore,
  type SqlDatabase,
} from '@qal/events';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { createLedger, createSandboxPaymentProvider, type Ledger } from '@qal/ledger';
import { auditSource } from '@qal/ledger/audit';
import { createGameEngine, type GameEngine, type RoomView } from '../src/index.ts';
import type { DuelState } from '../src/games/hangman-duel/index.ts';
import { loadDuel } from './room-matches.ts';
import { loadRoom } from '../src/service/room-store.ts';
import type { RoomState } from '../src/rooms/state.ts';

export type Backend = 'memory' | 'pglite' | 'postgres';

export interface Faults {
  /** The next ledger command: lost before it arrives, or its reply lost after it was applied. */
  next: 'before' | 'after' | null;
  /** The first ledger command `match` picks (after `next`), lost the same way; then cleared. */
  on: { readonly fault: 'before' | 'after'; readonly match: (command: CommandEnvelope) => boolean } | null;
}

export interface RoomsHarness {
  readonly store: EventStore;
  readonly db: SqlDatabase;
  readonly ledger: Ledger;
  engine: GameEngine;
  readonly faults: Faults;
  /** A new engine instance on the same store and database (a restart). */
  restart(): Promise<void>;
  /**
   * Another engine process on the same store: its own locks, no projection or sweeper of its own (the first one's
   * read model serves both), so only the store's expected versions keep the two apart.
   */
  another(): GameEngine;
  close(): Promise<void>;
}

export const postgresUrl = await findTestPostgres();

/** `newSeed`: fixes the games' server seeds (a known deal); a fresh one per match by default (the engine's own draw). */
export async function startRooms(backend: Backend, options: { newSeed?: () => string } = {}): Promise<RoomsHarness> {
  let db: SqlDatabase;
  let drop: (() => Promise<void>) | null = null;
  if (backend === 'postgres') {
    const scratch = await createScratchDatabase(postgresUrl!);
    db = scratch.db;
    drop = scratch.drop;
  } else db = await openPgliteDatabase();
  const store = backend === 'memory' ? createMemoryEventStore() : await createSqlEventStore(db);
  const ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
  await ledger.start();
  const faults: Faults = { next: null, on: null };
  const sender: CommandSender = {
    async send(command: CommandEnvelope): Promise<CommandOutcome> {
      let fault = faults.next;
      faults.next = null;
      if (!fault && faults.on?.match(command)) {
        fault = faults.on.fault;
        faults.on = null;
      }
      if (fault === 'before') throw new Error('ledger unreachable (injected)');
      const outcome = await ledger.handle(command);
      if (fault === 'after') throw new Error('reply lost (injected)');
      return outcome;
    },
  };
  const make = () =>
    createGameEngine({ store, db, commands: sender, sweepIntervalMs: 0, ...(options.newSeed ? { newSeed: options.newSeed } : {}) });
  const harness: RoomsHarness = {
    store,
    db,
    ledger,
    engine: make(),
    faults,
    another: () => make(),
    async restart() {
      await harness.engine.stop();
      harness.engine = make();
      await harness.engine.start();
    },
    async close() {
      await harness.engine.stop();
      await ledger.stop();
      await store.close();
      // A scratch PostgreSQL database closes its own pool when dropped.
      if (drop) await drop();
      else await db.close();
    },
  };
  await harness.engine.start();
  return harness;
}

export const T0 = new Date('2026-03-02T06:00:00.000Z');
export const at = (ms: number) => new Date(T0.getTime() + ms).toISOString();

export function envelope(
  type: string,
  actorId: string,
  payload: Record<string, unknown>,
  issuedAt: string,
  commandId = newUuid(),
): CommandEnvelope {
  return { commandId, type, actorId, payload, issuedAt, correlationId: commandId };
}

export function dataOf(outcome: CommandOutcome): Record<string, unknown> {
  if (outcome.status !== 'succeeded') throw new Error(`expected success, got ${outcome.reason} ${JSON.stringify(outcome.details)}`);
  return outcome.data;
}
export const roomOf = (outcome: CommandOutcome) => dataOf(outcome).room as RoomView;
export const reasonOf = (outcome: CommandOutcome) => (outcome.status === 'rejected' ? outcome.reason : 'succeeded');

/** A wallet's balance and held tokens, from its account stream (the ledger's own record). */
export async function walletOf(store: EventStore, userId: string): Promise<{ balance: number; held: number }> {
  const last = (await store.readStream(`account-wallet:${userId}`)).at(-1);
  return { balance: Number(last?.data.balanceAfter ?? 0), held: Number(last?.data.heldAfter ?? 0) };
}

/** Posted balance of a system or escrow account: credits minus debits (holds count once posted). */
export async function accountBalance(store: EventStore, accountId: string): Promise<number> {
  let balance = 0;
  for (const event of await store.readStream(`account-${accountId}`)) {
    if (event.type === 'AccountCredited') balance += Number(event.data.amount);
    if (event.type === 'AccountDebited') balance -= Number(event.data.amount);
  }
  return balance;
}

export async function audit(h: RoomsHarness) {
  await h.ledger.waitForProjection(await h.store.head());
  return auditSource({ description: 'rooms test', db: h.db, store: h.store, close: async () => undefined }, { statements: false });
}

export const roomState = async (store: EventStore, code: string): Promise<RoomState> => {
  const { state } = await loadRoom(store, code);
  if (!state) throw new Error(`no room ${code}`);
  return state;
};
export const duelState = async (store: EventStore, matchId: string): Promise<DuelState> => {
  const { state } = await loadDuel(store, matchId);
  if (!state) throw new Error(`no duel ${matchId}`);
  return state;
};
