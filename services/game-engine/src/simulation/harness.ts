/**
 * Rooms through the real engine service and a ledger the caller brings (the engine package imports no other
 * service): faults between the engine and the ledger on demand, a restart, a second engine process on the same
 * store, and the readers a test or a simulation looks inside with (the room, its matches, the ledger's accounts
 * from their own streams).
 */
import {
  accountStreamId,
  walletAccountId,
  type CommandEnvelope,
  type CommandHandler,
  type CommandOutcome,
  type CommandSender,
  type EventStore,
  type SqlDatabase,
} from '@qal/events';
import type { CrazyEvent, CrazyState } from '../games/crazy/index.ts';
import { crazyModule } from '../games/crazy/module.ts';
import type { DuelEvent, DuelState } from '../games/hangman-duel/index.ts';
import { duelModule } from '../games/hangman-duel/module.ts';
import type { RoomState } from '../rooms/state.ts';
import { createGameEngine, type GameEngine } from '../service/engine.ts';
import type { LoadedGame } from '../service/game-stream.ts';
import { loadRoomMatch } from '../service/room-match.ts';
import { loadRoom } from '../service/room-store.ts';

export interface LedgerFaults {
  /** The next ledger command: lost before it arrives, or its reply lost after it was applied. */
  next: 'before' | 'after' | null;
  /** The first ledger command `match` picks (after `next`), lost the same way; then cleared. */
  on: { readonly fault: 'before' | 'after'; readonly match: (command: CommandEnvelope) => boolean } | null;
}

export interface EngineHarness {
  readonly store: EventStore;
  readonly db: SqlDatabase;
  /** The engine now serving: a restart replaces it. */
  engine: GameEngine;
  readonly faults: LedgerFaults;
  /** A new engine instance on the same store and database (a restart). */
  restart(): Promise<void>;
  /**
   * Another engine process on the same store: its own locks and its own folds of rooms and matches (the engine keeps
   * them per store object, and this one gets an object of its own), no projection or sweeper of its own (the first
   * one's read model serves both), so only the store's expected versions keep the two apart.
   */
  another(): GameEngine;
  /** Stops the engine (the store, the database and the ledger are the caller's). */
  stop(): Promise<void>;
}

export interface EngineHarnessDeps {
  readonly store: EventStore;
  readonly db: SqlDatabase;
  /** Where the engine's ledger commands go, through the faults. */
  readonly ledger: CommandHandler;
  /** Fixes the games' server seeds (a known deal); a fresh one per match by default (the engine's own draw). */
  readonly newSeed?: () => string;
}

export async function startEngineHarness(deps: EngineHarnessDeps): Promise<EngineHarness> {
  const faults: LedgerFaults = { next: null, on: null };
  const sender: CommandSender = {
    async send(command: CommandEnvelope): Promise<CommandOutcome> {
      let fault = faults.next;
      faults.next = null;
      if (!fault && faults.on?.match(command)) {
        fault = faults.on.fault;
        faults.on = null;
      }
      if (fault === 'before') throw new Error('ledger unreachable (injected)');
      const outcome = await deps.ledger(command);
      if (fault === 'after') throw new Error('reply lost (injected)');
      return outcome;
    },
  };
  const make = (store = deps.store) =>
    createGameEngine({
      store,
      db: deps.db,
      commands: sender,
      sweepIntervalMs: 0,
      ...(deps.newSeed ? { newSeed: deps.newSeed } : {}),
    });
  const harness: EngineHarness = {
    store: deps.store,
    db: deps.db,
    engine: make(),
    faults,
    // The store's own methods on an object of its own: the same database, seen as a second process sees it.
    another: () => make(Object.create(deps.store) as EventStore),
    async restart() {
      await harness.engine.stop();
      harness.engine = make();
      await harness.engine.start();
    },
    stop: () => harness.engine.stop(),
  };
  await harness.engine.start();
  return harness;
}

export const loadDuel = (store: EventStore, matchId: string) =>
  loadRoomMatch(store, duelModule, matchId) as Promise<LoadedGame<DuelEvent, DuelState>>;
export const loadCrazy = (store: EventStore, matchId: string) =>
  loadRoomMatch(store, crazyModule, matchId) as Promise<LoadedGame<CrazyEvent, CrazyState>>;

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
export const crazyState = async (store: EventStore, matchId: string): Promise<CrazyState> => {
  const { state } = await loadCrazy(store, matchId);
  if (!state) throw new Error(`no Crazy match ${matchId}`);
  return state;
};

/** A wallet's balance and held tokens, from its account stream (the ledger's own record). */
export async function walletOf(store: EventStore, userId: string): Promise<{ balance: number; held: number }> {
  const last = (await store.readStream(accountStreamId(walletAccountId(userId)))).at(-1);
  return { balance: Number(last?.data.balanceAfter ?? 0), held: Number(last?.data.heldAfter ?? 0) };
}

/** Posted balance of a system or escrow account: credits minus debits (holds count once posted). */
export async function accountBalance(store: EventStore, accountId: string): Promise<number> {
  let balance = 0;
  for (const event of await store.readStream(accountStreamId(accountId))) {
    if (event.type === 'AccountCredited') balance += Number(event.data.amount);
    if (event.type === 'AccountDebited') balance -= Number(event.data.amount);
  }
  return balance;
}
