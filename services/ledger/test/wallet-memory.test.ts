import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountStreamId, uuidFrom, walletAccountId, type EventStore } from '@qal/events';
import type { Ledger } from '../src/index.ts';
import { command, data, memoryBackend, startLedger, uniqueUser, type Backend } from './support.ts';

let backend: Backend;
let ledger: Ledger;
const walletReads: string[] = [];

beforeAll(async () => {
  backend = await memoryBackend();
  // The ledger's store, counting the reads of wallet streams.
  const counting: EventStore = Object.create(backend.store);
  counting.readStream = (streamId, options) => {
    if (streamId.startsWith(accountStreamId(walletAccountId('')))) walletReads.push(streamId);
    return backend.store.readStream(streamId, options);
  };
  ledger = await startLedger(counting, backend.db, false);
});
afterAll(async () => {
  await ledger?.stop();
  await backend?.close();
});

it('reads a wallet once, then decides each next transfer on it as it left the wallet', async () => {
  const userId = uniqueUser('steady');
  const wallet = walletAccountId(userId);
  data(await ledger.handle(command('OpenWallet', { userId })));
  const fee = (i: number) =>
    ledger.handle(
      command('Transfer', { transferId: uuidFrom(userId, String(i)), from: wallet, to: 'house', amount: 3, reason: 'game_fee' }),
    );
  for (let i = 0; i < 5; i += 1)
    expect(data(await fee(i)).wallets).toEqual({ [wallet]: { balance: 97 - 3 * i, held: 0, available: 97 - 3 * i } });
  // The open reads the wallet (none yet); the transfers read it no more.
  expect(walletReads).toEqual([accountStreamId(wallet)]);
});
