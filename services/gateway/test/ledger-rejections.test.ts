import { createHmac } from 'node:crypto';
import { createChapaPaymentProvider } from '@qal/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qalLedgerModule } from '../src/platform/ledger-module.ts';
import type { TestPlatform } from '../src/testing/platform.ts';
import { bearer, startPlatform } from './support/platform.ts';

const WEBHOOK_SECRET = 'chapa-webhook-secret';
/** Words only Chapa (or the ledger's reading of it) would say: none may reach a client. */
const PROVIDER_WORDS = ['Chapa', 'CHASECK', 'HTTP', 'ETB', 'payment status', 'Invalid API key'];

/** Chapa's API as the ledger's adapter sees it, steered by each test. */
let chapa: { initialize: 'ok' | 'refuse'; verifyStatus: string; amount?: string } = { initialize: 'ok', verifyStatus: 'success' };
const chapaApi = (async (url: string) => {
  const path = new URL(url).pathname;
  if (path === '/v1/transaction/initialize') {
    return chapa.initialize === 'ok'
      ? Response.json({ status: 'success', data: { checkout_url: 'https://checkout.chapa.example/pay/1' } })
      : Response.json({ status: 'failed', message: 'Invalid API key CHASECK_TEST-x', data: null }, { status: 401 });
  }
  const txRef = decodeURIComponent(path.split('/').at(-1)!);
  return Response.json({
    status: 'success',
    data: { status: chapa.verifyStatus, tx_ref: txRef, reference: 'APfake', currency: 'ETB', amount: chapa.amount ?? '20.00' },
  });
}) as unknown as typeof fetch;

let t: TestPlatform;
let token: string;
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
  token = (await t.signIn()).token;
});
afterAll(async () => {
  await t?.close();
});

const buy = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/purchases',
    headers: { ...bearer(token), 'accept-language': 'en' },
    payload: { package: 'tokens_250' },
  });
const webhook = (body: object) => {
  const raw = JSON.stringify(body);
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(raw).digest('hex');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/chapa/webhook',
    headers: { 'content-type': 'application/json', 'x-chapa-signature': signature },
    payload: raw,
  });
};
const expectNoProviderWords = (body: string) => {
  for (const words of PROVIDER_WORDS) expect(body).not.toContain(words);
};

describe('ledger refusals reach the client in our own words', () => {
  it('a checkout the provider refuses to open', async () => {
    chapa = { initialize: 'refuse', verifyStatus: 'success' };
    const response = await buy();
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      success: false,
      code: 'payment_provider_unavailable',
      message: 'The payment service is not answering. Please try again later',
    });
    expectNoProviderWords(response.body);
  });

  it.each([
    ['a payment the provider says failed', { verifyStatus: 'failed' }],
    ['a payment short of the price', { verifyStatus: 'success', amount: '1.00' }],
  ])('%s', async (_, steer) => {
    chapa = { initialize: 'ok', ...steer };
    const started = await buy();
    expect(started.statusCode).toBe(200);
    const refused = await webhook({ tx_ref: started.json().data.purchaseId, reference: 'APfake', status: 'success' });
    expect(refused.json()).toEqual({
      success: false,
      code: 'payment_not_verified',
      message: 'We could not confirm this payment. Please try again later',
    });
    expectNoProviderWords(refused.body);
  });
});
