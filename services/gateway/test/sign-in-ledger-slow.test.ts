import { CommandTimeoutError } from '@qal/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qalLedgerModule } from '../src/platform/ledger-module.ts';
import type { LedgerModule } from '../src/platform/ledger-port.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

/**
 * In the distributed mode the ledger may be away for a moment (restarting, the broker stopped): the OpenWallet a
 * sign-in sends then times out. The sign-in itself has succeeded by then, and the ledger opens the wallet from
 * PlayerRegistered when it is back, so the player is signed in and the welcome grant follows.
 */
const ledgerThatTimesOutOpenWallet: LedgerModule = {
  ...qalLedgerModule,
  async createLedger(deps) {
    const ledger = await qalLedgerModule.createLedger(deps);
    return {
      ...ledger,
      handle: async (command) => {
        if (command.type === 'OpenWallet' && command.actorId !== 'system:ledger') throw new CommandTimeoutError(command.commandId, 10_000);
        return ledger.handle(command);
      },
    };
  },
};

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform({ ledgerModule: ledgerThatTimesOutOpenWallet });
});
afterAll(async () => {
  await t?.close();
});

describe('signing in while the ledger does not answer', () => {
  it('signs the player in, and the welcome tokens arrive once the ledger opens the wallet itself', async () => {
    const phone = t.nextPhone();
    const { token, user, isNew } = await t.signIn(phone);
    expect(isNew).toBe(true);
    expect(user.phone).toBe(phone);

    const deadline = Date.now() + 10_000;
    let balance = -1;
    while (balance !== 100 && Date.now() < deadline) {
      const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: bearer(token) });
      balance = (wallet.json() as { data: { balance: number } }).data.balance;
      if (balance !== 100) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(balance).toBe(100);
  });
});
