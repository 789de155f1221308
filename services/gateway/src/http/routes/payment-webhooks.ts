import type { FastifyInstance } from 'fastify';
import { uuidFrom } from '@qal/events';
import type { PaymentProviderHandle } from '../../platform/ledger-port.ts';
import type { LedgerCommandRunner } from '../ledger-commands.ts';
import { z } from 'zod';
import { Rejection } from '../errors.ts';
import { routeSchema } from '../route-schema.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** Documentation only: the body is kept as text for the signature check, and the ledger's Chapa adapter reads it. */
const ChapaNotice = z.looseObject({ tx_ref: z.string().min(1), reference: z.string().min(1).nullish(), status: z.string() });
const WebhookAnswer = z.object({ received: z.literal(true), credited: z.boolean(), alreadyCredited: z.boolean().optional() });

/**
 * Chapa's signed webhook (PAYMENT_PROVIDER=chapa): the signature is checked over the raw body, then the ledger is
 * asked to confirm; it verifies with Chapa itself before crediting, once per provider reference.
 */
export async function chapaWebhookRoute(app: FastifyInstance, deps: { payments: PaymentProviderHandle; runLedger: LedgerCommandRunner }) {
  await app.register(async (scope) => {
    // The signature covers the exact bytes, so this route keeps the body as text instead of parsing JSON.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const doc = routeSchema({
      tags: ['payments'],
      summary: 'Chapa’s payment notice (signed)',
      description: 'The x-chapa-signature (or chapa-signature) header is an HMAC-SHA256 of the raw body with the webhook secret.',
      body: ChapaNotice,
      response: WebhookAnswer,
    });
    scope.post('/payments/chapa/webhook', { schema: doc }, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const notice = deps.payments.parseWebhook?.(raw, request.headers) ?? null;
      if (!notice) throw new Rejection('unauthorized');
      if (notice.status !== 'success') return { success: true, data: { received: true, credited: false } };
      const actor = 'system:chapa-webhook';
      const data = await deps.runLedger(
        request,
        actor,
        'ConfirmPurchase',
        { purchaseId: notice.purchaseId, providerReference: notice.providerReference },
        uuidFrom('chapa-webhook', notice.providerReference),
      );
      return { success: true, data: { received: true, credited: true, alreadyCredited: data.alreadyCredited === true } };
    });
  });
}
