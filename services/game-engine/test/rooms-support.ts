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
  openThreadedPgliteDatabase,
  type CommandEnvelope,
  type CommandOutcome,
  type EventStore,
  type SqlDatabase,
} from '@qal/events';
import { createScratchDatabase, findTestPostgres } from '@qal/events/testing';
import { createLedger, createSandboxPaymentProvider, type Ledger } from '@qal/ledger';
import { auditSource } from '@qal/ledger/audit';
import type { RoomView } from '../src/index.ts';
import { startEngineHarness, type EngineHarness } from '../src/simulation/harness.ts';

export { accountBalance, duelState, roomState, walletOf } from '../src/simulation/harness.ts';

/** `embedded`: as the embedded mode runs, PGlite on its worker thread and the store its only writer. */
export type Backend = 'memory' | 'pglite' | 'embedded' | 'postgres';

export interface RoomsHarness extends EngineHarness {
  readonly ledger: Ledger;
  close(): Promise<void>;
}

export const postgresUrl = await findTestPostgres();

/** The store, the read model's database and a started ledger on them: what the engines of a test run on. */
export interface RoomsBackend {
  readonly store: EventStore;
  readonly db: SqlDatabase;
  readonly ledger: Ledger;
  close(): Promise<void>;
}

export async function openRoomsBackend(backend: Backend): Promise<RoomsBackend> {
  let db: SqlDatabase;
  let drop: (() => Promise<void>) | null = null;
  if (backend === 'postgres') {
    const scratch = await createScratchDatabase(postgresUrl!);
    db = scratch.db;
    drop = scratch.drop;
  } else db = backend === 'embedded' ? await openThreadedPgliteDatabase() : await openPgliteDatabase();
  const store =
    backend === 'memory' ? createMemoryEventStore() : await createSqlEventStore(db, { exclusiveWriter: backend === 'embedded' });
  const ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
  await ledger.start();
  return {
    store,
    db,
    ledger,
    async close() {
      await ledger.stop();
      await store.close();
      // A scratch PostgreSQL database closes its own pool when dropped.
      if (drop) await drop();
      else await db.close();
    },
  };
}

/** `newSeed`: fixes the games' server seeds (a known deal); a fresh one per match by default (the engine's own draw). */
export async function startRooms(backend: Backend, options: { newSeed?: () => string } = {}): Promise<RoomsHarness> {
  const { store, db, ledger, close } = await openRoomsBackend(backend);
  const engines = await startEngineHarness({ store, db, ledger: ledger.handle, ...(options.newSeed ? { newSeed: options.newSeed } : {}) });
  // The same object, so `engine` stays the one a restart put in place.
  return Object.assign(engines, {
    ledger,
    async close() {
      await engines.stop();
      await close();
    },
  });
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

export async function audit(h: Pick<RoomsBackend, 'store' | 'db' | 'ledger'>) {
  await h.ledger.waitForProjection(await h.store.head());
  return auditSource({ description: 'rooms test', db: h.db, store: h.store, close: async () => undefined }, { statements: false });
}
