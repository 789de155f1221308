import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chapaOptionsFromEnv, createChapaPaymentProvider } from './chapa.ts';
import { PaymentProviderError } from './port.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake fetch that records calls and answers from a table keyed by `METHOD path`. */
function fakeFetch(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = [];
  const fn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    calls.push({
      url: url.toString(),
      method: init?.method ?? 'GET',
      headers: init?.headers as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    const answer = answers[`${init?.method ?? 'GET'} ${url.pathname}`];
    if (!answer) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fn, calls };
}

const options = {
  secretKey: 'CHASECK_TEST-secret',
  webhookSecret: 'whsec-test',
  baseUrl: 'https://chapa.example',
  callbackUrl: 'https://qal.example/api/v1/payments/chapa/webhook',
  returnUrl: 'https://qal.example/wallet',
};

const verified = (overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    message: 'Payment details',
    status: 'success',
    data: { status: 'success', tx_ref: 'p-1', reference: 'APabc123', currency: 'ETB', amount: '20.00', ...overrides },
  },
});

describe('Chapa payment provider', () => {
  it('initializes a transaction with the purchase id as tx_ref and returns its checkout', async () => {
    const fake = fakeFetch({
      'POST /v1/transaction/initialize': {
        status: 200,
        body: { status: 'success', data: { checkout_url: 'https://checkout.chapa.co/x' } },
      },
    });
    const chapa = createChapaPaymentProvider({ ...options, fetch: fake.fetch });

    const checkout = await chapa.start({ purchaseId: 'p-1', userId: 'u1', packageId: 'tokens_250', tokens: 250, priceEtb: 20 });

    expect(checkout).toEqual({ checkoutUrl: 'https://checkout.chapa.co/x', checkoutReference: 'p-1' });
    const [call] = fake.calls;
    expect(call?.headers.authorization).toBe('Bearer CHASECK_TEST-secret');
    expect(call?.body).toMatchObject({ amount: '20.00', currency: 'ETB', tx_ref: 'p-1', callback_url: options.callbackUrl });
    expect((call?.body as { return_url: string }).return_url).toBe('https://qal.example/wallet?purchaseId=p-1');
  });

  it('fails clearly when Chapa refuses to initialize', async () => {
    const fake = fakeFetch({ 'POST /v1/transaction/initialize': { status: 400, body: { status: 'failed', message: 'bad' } } });
    const chapa = createChapaPaymentProvider({ ...options, fetch: fake.fetch });
    await expect(chapa.start({ purchaseId: 'p-1', userId: 'u1', packageId: 'tokens_250', tokens: 250, priceEtb: 20 })).rejects.toThrow(
      PaymentProviderError,
    );
  });

  it('verifies with a GET on the tx_ref and names the payment by its tx_ref', async () => {
    const fake = fakeFetch({ 'GET /v1/transaction/verify/p-1': verified() });
    const chapa = createChapaPaymentProvider({ ...options, fetch: fake.fetch });

    const byChapaReference = await chapa.verify({
      purchaseId: 'p-1',
      checkoutReference: 'p-1',
      providerReference: 'APabc123',
      priceEtb: 20,
    });
    const byTxRef = await chapa.verify({ purchaseId: 'p-1', checkoutReference: 'p-1', providerReference: 'p-1', priceEtb: 20 });

    expect(byChapaReference).toEqual({ paid: true, reference: 'p-1' });
    expect(byTxRef).toEqual({ paid: true, reference: 'p-1' });
    expect(fake.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://chapa.example/v1/transaction/verify/p-1',
      'GET https://chapa.example/v1/transaction/verify/p-1',
    ]);
  });

  it.each([
    ['a pending payment', verified({ status: 'pending' })],
    ['too little money', verified({ amount: '10.00' })],
    ['another currency', verified({ currency: 'USD' })],
    ['another transaction', verified({ tx_ref: 'p-2' })],
    ['an error answer', { status: 404, body: { status: 'failed', message: 'Invalid transaction', data: null } }],
  ])('does not count %s as paid', async (_label, answer) => {
    const fake = fakeFetch({ 'GET /v1/transaction/verify/p-1': answer });
    const chapa = createChapaPaymentProvider({ ...options, fetch: fake.fetch });
    const result = await chapa.verify({ purchaseId: 'p-1', checkoutReference: 'p-1', providerReference: 'APabc123', priceEtb: 20 });
    expect(result.paid).toBe(false);
  });

  it('does not accept a reference that belongs to another payment', async () => {
    const fake = fakeFetch({ 'GET /v1/transaction/verify/p-1': verified() });
    const chapa = createChapaPaymentProvider({ ...options, fetch: fake.fetch });
    expect(await chapa.verify({ purchaseId: 'p-1', checkoutReference: 'p-1', providerReference: 'APother', priceEtb: 20 })).toMatchObject({
      paid: false,
    });
  });

  it('reads a webhook only when its HMAC-SHA256 signature over the raw body matches', () => {
    const chapa = createChapaPaymentProvider(options);
    const raw = JSON.stringify({ event: 'charge.success', tx_ref: 'p-1', reference: 'APabc123', status: 'success' });
    const signature = createHmac('sha256', options.webhookSecret).update(raw).digest('hex');

    expect(chapa.parseWebhook?.(raw, { 'x-chapa-signature': signature })).toEqual({
      purchaseId: 'p-1',
      providerReference: 'p-1',
      status: 'success',
    });
    expect(chapa.parseWebhook?.(Buffer.from(raw), { 'Chapa-Signature': signature })).toMatchObject({ purchaseId: 'p-1' });
    expect(chapa.parseWebhook?.(raw.replace('p-1', 'p-2'), { 'x-chapa-signature': signature })).toBeNull();
    expect(chapa.parseWebhook?.(raw, { 'x-chapa-signature': signature.slice(0, -2) })).toBeNull();
    expect(chapa.parseWebhook?.(raw, {})).toBeNull();
  });

  it('is configured from the environment, and says what is missing', () => {
    expect(() => chapaOptionsFromEnv({ CHAPA_SECRET_KEY: 'x' })).toThrow(/CHAPA_WEBHOOK_SECRET/);
    const parsed = chapaOptionsFromEnv({
      CHAPA_SECRET_KEY: 'k',
      CHAPA_WEBHOOK_SECRET: 'w',
      CHAPA_CALLBACK_URL: 'https://qal.example/cb',
      CHAPA_RETURN_URL: 'https://qal.example/wallet',
    });
    expect(parsed.baseUrl).toBe('https://api.chapa.co');
  });
});
