import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@qal/events';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';
import { connectSocket } from './support/ws-client.ts';

let t: TestPlatform;
let base: string;
beforeAll(async () => {
  t = await startPlatform();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace(/^http/, 'ws');
});
afterAll(async () => {
  await t?.close();
});

interface WalletAnswer {
  balance: number;
  held: number;
  available: number;
  version?: number;
}
type Push = Extract<ServerMessage, { type: 'push' }>;

const readWallet = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: bearer(token) })).json().data as WalletAnswer;
const claimBonus = (token: string) => t.app.inject({ method: 'POST', url: '/api/v1/user/claim-daily-bonus', headers: bearer(token) });

/** A signed-in player following their own channel, with the snapshot it started from. */
async function following() {
  const { token, user } = await t.signIn();
  const ws = await connectSocket(base, token);
  const channel = `user:${user.id}`;
  ws.send({ type: 'subscribe', channel });
  const subscribed = await ws.next('subscribed', (m) => m.channel === channel);
  const walletPush = () => ws.next('push', (m) => m.channel === channel && m.event === 'wallet') as Promise<Push>;
  return { token, ws, subscribed, walletPush };
}

describe('wallet views and their versions', () => {
  it('every view of the wallet (GET, the snapshot, pushes) says its version, the same number for the same wallet', async () => {
    const { token, ws, subscribed, walletPush } = await following();
    expect(subscribed.snapshot).toEqual({ balance: 100, held: 0, available: 100, version: subscribed.version });
    expect(await readWallet(token)).toEqual({ balance: 100, held: 0, available: 100, version: subscribed.version });

    expect((await claimBonus(token)).statusCode).toBe(200);
    const push = await walletPush();
    expect(push.version).toBeGreaterThan(subscribed.version);
    expect(push.data).toEqual({ balance: 110, held: 0, available: 110, version: push.version });
    expect(await readWallet(token)).toEqual(push.data);
    ws.close();
  });

  it('a read served after a push is never older than it, even with the ledger’s read model behind', async () => {
    const { token, ws, walletPush } = await following();
    // The ledger's projection stops, as a read model a moment behind the store: its tables still say 100 tokens.
    await t.platform.ledger.stop();
    try {
      expect((await claimBonus(token)).statusCode).toBe(200);
      const push = await walletPush();
      expect(push.data).toMatchObject({ balance: 110 });
      // The page that gets this push and then the answer to a read must not be taken back to 100.
      expect(await readWallet(token)).toEqual({ balance: 110, held: 0, available: 110, version: push.version });
    } finally {
      await t.platform.ledger.start();
    }
    ws.close();
  });
});
