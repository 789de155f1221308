import { createHmac } from 'node:crypto';
import { createChapaPaymentProvider } from '@qal/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qalLedgerModule } from '../src/platform/ledger-module.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

const WEBHOOK_SECRET = 'chapa-webhook-secret';

/** Chapa's API as the ledger's adapter sees it: every initialize succeeds, every verify says paid. */
const chapaApi = (async (url: string) => {
  const path = new URL(url).pathname;
  if (path === '/v1/transaction/initialize') {
    return Response.json({ status: 'success', data: { checkout_url: 'https://checkout.chapa.example/pay/1' } });
  }
  const txRef = decodeURIComponent(path.split('/').at(-1)!);
  return Response.json({
    status: 'success',
    data: { status: 'success', tx_ref: txRef, reference: 'APfake', currency: 'ETB', amount: '20.00' },
  });
}) as unknown as typeof fetch;

let t: TestPlatform;
beforeAll(async () => {
  t = await startPlatform({
    env: {
      PAYMENT_PROVIDER: 'chapa',
      CHAPA_SECRET_KEY: 'CHASECK_TEST-x',
      CHAPA_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: 'https://qal.example',
    },
    ledgerModule: {
      ...qalLedgerModule,
      createChapaPaymentProvider: (options) => createChapaPaymentProvider({ ...options, fetch: chapaApi }),
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const webhook = (body: object, secret = WEBHOOK_SECRET) => {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', secret).update(raw).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/chapa/webhook',
    headers: { 'content-type': 'application/json', 'x-chapa-signature': signature },
    payload: raw,
  });
};

describe('Chapa payments', () => {
  it('starts a checkout, and credits once for a signed webhook however often it comes', async () => {
    const { token } = await t.signIn();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/purchases',
      headers: bearer(token),
      payload: { package: 'tokens_250' },
    });
    expect(started.json().data).toMatchObject({ status: 'pending', checkoutUrl: 'https://checkout.chapa.example/pay/1' });
    const { purchaseId } = started.json().data;

    const forged = await webhook({ tx_ref: purchaseId, status: 'success' }, 'not-the-secret');
    expect(forged.statusCode).toBe(401);

    const first = await webhook({ tx_ref: purchaseId, reference: 'APfake', status: 'success' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: { received: true, credited: true, alreadyCredited: false } });
    // A redelivered webhook is the same command: it gets the first answer and moves no token.
    const again = await webhook({ tx_ref: purchaseId, reference: 'APfake', status: 'success' });
    expect(again.json()).toEqual(first.json());

    const wallet = await t.app.inject({ method: 'GET', url: '/api/v1/wallet', headers: bearer(token) });
    expect(wallet.json().data).toEqual({ balance: 350, held: 0, available: 350, version: expect.any(Number) });
  });

  it('has no sandbox confirmation and names its provider', async () => {
    const { token } = await t.signIn();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/payments/sandbox/x/confirm', headers: bearer(token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/wallet/packages' })).json().data.provider).toBe('chapa');
  });
});
