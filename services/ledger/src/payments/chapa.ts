import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PaymentProviderError, type PaymentProvider, type WebhookNotice } from './port.ts';

export const CHAPA_PROVIDER = 'chapa';
const DEFAULT_BASE_URL = 'https://api.chapa.co';
const DEFAULT_TIMEOUT_MS = 10_000;
/** Chapa accepts letters, digits, `-`, `_` and `.` in a tx_ref; the purchase id is used as the tx_ref. */
const TX_REF = /^[A-Za-z0-9._-]{1,100}$/;

export interface ChapaOptions {
  readonly secretKey: string;
  /** The secret set with the webhook in the Chapa dashboard; webhooks are signed with it. */
  readonly webhookSecret: string;
  readonly baseUrl?: string;
  /** Chapa calls this after a payment (the gateway's webhook route). */
  readonly callbackUrl: string;
  /** Where the player's browser goes after paying; `purchaseId` is added as a query parameter. */
  readonly returnUrl: string;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
}

const ChapaEnv = z.object({
  CHAPA_SECRET_KEY: z.string().min(1),
  CHAPA_WEBHOOK_SECRET: z.string().min(1),
  CHAPA_BASE_URL: z.url().default(DEFAULT_BASE_URL),
  CHAPA_CALLBACK_URL: z.url(),
  CHAPA_RETURN_URL: z.url(),
});

/** Reads the Chapa settings from the environment; a missing or malformed value is a clear error at start. */
export function chapaOptionsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): ChapaOptions {
  const parsed = ChapaEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Chapa payments are misconfigured: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const e = parsed.data;
  return {
    secretKey: e.CHAPA_SECRET_KEY,
    webhookSecret: e.CHAPA_WEBHOOK_SECRET,
    baseUrl: e.CHAPA_BASE_URL,
    callbackUrl: e.CHAPA_CALLBACK_URL,
    returnUrl: e.CHAPA_RETURN_URL,
  };
}

const InitializeResponse = z.object({
  status: z.literal('success'),
  data: z.object({ checkout_url: z.url() }),
});

const VerifyResponse = z.object({
  status: z.string(),
  data: z
    .object({
      status: z.string(),
      tx_ref: z.string(),
      reference: z.string().nullish(),
      currency: z.string(),
      amount: z.union([z.number(), z.string()]),
    })
    .nullish(),
});

const WebhookBody = z.object({
  tx_ref: z.string().min(1),
  reference: z.string().min(1).nullish(),
  status: z.string(),
});

/** HMAC-SHA256 of the raw body, hex, compared in constant time. */
export function chapaSignatureMatches(rawBody: string | Uint8Array, signature: string, secret: string): boolean {
  const expected = Buffer.from(createHmac('sha256', secret).update(rawBody).digest('hex'), 'utf8');
  const given = Buffer.from(signature.trim().toLowerCase(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const header = (headers: Readonly<Record<string, string | string[] | undefined>>, name: string): string | null => {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
};

/**
 * Chapa (chapa.co): initialize a transaction (tx_ref = purchase id) and send the player to its checkout; Chapa
 * then posts a signed webhook; the gateway checks it with `parseWebhook` and sends ConfirmPurchase; the ledger
 * calls `verify`, which asks Chapa itself (GET /v1/transaction/verify/<tx_ref>) before any token is credited.
 */
export function createChapaPaymentProvider(options: ChapaOptions): PaymentProvider {
  const baseUrl = (options.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        ...init,
        headers: { authorization: `Bearer ${options.secretKey}`, 'content-type': 'application/json', accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`Chapa did not answer ${path}`, error);
    }
    const text = await response.text();
    try {
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: response.status, body: text };
    }
  }

  return {
    name: CHAPA_PROVIDER,

    async start({ purchaseId, tokens, priceEtb }) {
      if (!TX_REF.test(purchaseId)) throw new PaymentProviderError(`purchase id ${purchaseId} cannot be a Chapa tx_ref`);
      const returnUrl = new URL(options.returnUrl);
      returnUrl.searchParams.set('purchaseId', purchaseId);
      const { status, body } = await call('/v1/transaction/initialize', {
        method: 'POST',
        body: JSON.stringify({
          amount: priceEtb.toFixed(2),
          currency: 'ETB',
          tx_ref: purchaseId,
          callback_url: options.callbackUrl,
          return_url: returnUrl.toString(),
          // Chapa shows these on its checkout page; it accepts only Latin letters, digits and a few signs there.
          customization: { title: 'Qal tokens', description: `${tokens} Qal tokens` },
        }),
      });
      const parsed = InitializeResponse.safeParse(body);
      if (status !== 200 || !parsed.success)
        throw new PaymentProviderError(`Chapa refused to initialize ${purchaseId} (HTTP ${status})`, body);
      return { checkoutUrl: parsed.data.data.checkout_url, checkoutReference: purchaseId };
    },

    async verify({ checkoutReference, providerReference, priceEtb }) {
      const { status, body } = await call(`/v1/transaction/verify/${encodeURIComponent(checkoutReference)}`, { method: 'GET' });
      const parsed = VerifyResponse.safeParse(body);
      if (status !== 200 || !parsed.success || !parsed.data.data) return { paid: false, reason: `Chapa verify answered HTTP ${status}` };
      const tx = parsed.data.data;
      if (parsed.data.status !== 'success' || tx.status !== 'success') return { paid: false, reason: `payment status ${tx.status}` };
      if (tx.tx_ref !== checkoutReference) return { paid: false, reason: 'verified a different transaction' };
      if (tx.currency !== 'ETB') return { paid: false, reason: `paid in ${tx.currency}` };
      if (!(Number(tx.amount) >= priceEtb)) return { paid: false, reason: `paid ${tx.amount} of ${priceEtb} ETB` };
      const references = [tx.tx_ref, tx.reference].filter((r): r is string => typeof r === 'string');
      if (!references.includes(providerReference)) return { paid: false, reason: 'reference does not belong to this payment' };
      return { paid: true, reference: tx.tx_ref };
    },

    parseWebhook(rawBody, headers): WebhookNotice | null {
      const signature = header(headers, 'x-chapa-signature') ?? header(headers, 'chapa-signature');
      if (!signature || !chapaSignatureMatches(rawBody, signature, options.webhookSecret)) return null;
      let json: unknown;
      try {
        json = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
      } catch {
        return null;
      }
      const parsed = WebhookBody.safeParse(json);
      if (!parsed.success) return null;
      // The tx_ref names the payment for good; it is the reference the credit is keyed on.
      return { purchaseId: parsed.data.tx_ref, providerReference: parsed.data.tx_ref, status: parsed.data.status };
    },
  };
}
