import type { FastifyInstance } from 'fastify';
import { uuidFrom } from '@qal/events';
import type { PaymentProviderHandle } from '../../platform/ledger-port.ts';
import type { LedgerCommandRunner } from '../ledger-commands.ts';
import { Rejection } from '../errors.ts';

const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * Chapa's signed webhook (PAYMENT_PROVIDER=chapa): the signature is checked over the raw body, then the ledger is
 * asked to confirm; it verifies with Chapa itself before crediting, once per provider reference.
 */
export async function chapaWebhookRoute(app: FastifyInstance, deps: { payments: PaymentProviderHandle; runLedger: LedgerCommandRunner }) {
  await app.register(async (scope) => {
    // The signature covers the exact bytes, so this route keeps the body as text instead of parsing JSON.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post('/payments/chapa/webhook', async (request) => {
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
