/**
 * The rooms simulation of the engine package (@qal/game-engine/simulation) on a seed's storage, with the real ledger
 * and its audit composed here: the engine package imports no other service.
 */
import { simulateRooms, type RoomsSummary } from '@qal/game-engine/simulation';
import { createLedger, createSandboxPaymentProvider } from '@qal/ledger';
import { auditSource } from '@qal/ledger/audit';
import type { SeedStorage } from './storage.ts';

export async function simulateRoomsWithLedger(seed: number, rooms: number, storage: SeedStorage): Promise<RoomsSummary> {
  const { store, db } = storage;
  const ledger = await createLedger({ store, db, payments: createSandboxPaymentProvider() });
  await ledger.start();
  try {
    return await simulateRooms(seed, rooms, {
      store,
      db,
      ledger: ledger.handle,
      async audit() {
        await ledger.waitForProjection(await store.head());
        return auditSource({ description: `rooms seed ${seed}`, db, store, close: async () => undefined }, { statements: false });
      },
    });
  } finally {
    await ledger.stop();
  }
}
