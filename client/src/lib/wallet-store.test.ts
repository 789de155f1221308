import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { walletViewSchema, type WalletView } from './realtime/protocol.ts';
import { getWallet, resetWallet, setWallet, useWallet } from './wallet-store.ts';

const wallet = (balance: number, version?: number): WalletView => ({
  balance,
  held: 0,
  available: balance,
  ...(version === undefined ? {} : { version }),
});

/** A read of the wallet (GET /wallet) the page has sent and the server has answered, still on its way to the page. */
function readOnItsWay() {
  let arrive!: (answer: WalletView) => void;
  const answered = new Promise<WalletView>((resolve) => (arrive = resolve));
  // As the pages call it: fetchWallet().then(setWallet).
  const taken = answered.then(setWallet);
  return { arrive: async (answer: WalletView) => (arrive(answer), await taken) };
}

beforeEach(() => resetWallet());

describe('wallet store', () => {
  it("keeps a game's reward, pushed while the read sent at the game's end (answered before the reward) was on its way", async () => {
    const { result } = renderHook(() => useWallet());
    // The game's fee: pushed at version 40 (86 tokens).
    act(() => setWallet(wallet(86, 40), 40));
    // The game ends: the page reads the wallet, and the server answers before it pays the reward.
    const read = readOnItsWay();
    // The reward is paid and pushed (version 47, 91 tokens); the push reaches the page first.
    act(() => setWallet(wallet(91, 47), 47));
    await act(() => read.arrive(wallet(86, 40)));
    expect(result.current?.balance).toBe(91);
    // The next change is taken as usual.
    act(() => setWallet(wallet(81, 52), 52));
    expect(result.current?.balance).toBe(81);
  });

  it('takes a read newer than the last push, and one of the same version', async () => {
    setWallet(wallet(86, 40), 40);
    const newer = readOnItsWay();
    await newer.arrive(wallet(91, 47));
    expect(getWallet()?.balance).toBe(91);
    // A push of an older change, e.g. delivered after a reconnect's snapshot: dropped.
    setWallet(wallet(86, 40), 40);
    expect(getWallet()?.balance).toBe(91);
    const same = readOnItsWay();
    await same.arrive(wallet(91, 47));
    expect(getWallet()).toEqual(wallet(91, 47));
  });

  it('takes a view without a version as it comes, and forgets versions when the user changes', () => {
    setWallet(wallet(91, 47), 47);
    setWallet(wallet(70));
    expect(getWallet()?.balance).toBe(70);
    resetWallet();
    expect(getWallet()).toBeNull();
    // Another user's wallet starts its own history: a low version is not "older" than the last user's.
    setWallet(wallet(100, 3), 3);
    expect(getWallet()?.balance).toBe(100);
  });

  it("keeps a view's version through the client's schema (GET /wallet, the snapshot and pushes)", () => {
    expect(walletViewSchema.parse({ balance: 91, held: 5, available: 86, version: 47 })).toEqual({
      balance: 91,
      held: 5,
      available: 86,
      version: 47,
    });
  });
});
