import type { FastifyInstance } from 'fastify';
import { newUuid, uuidFrom } from '@qal/events';
import { z } from 'zod';
import { TransactionPage, WalletView } from '@qal/events/contracts';
import { LIMITS } from '../../config.ts';
import { success } from '../envelope.ts';
import { Rejection } from '../errors.ts';
import { currentUser, idempotencyKey } from '../request-context.ts';
import { routeSchema } from '../route-schema.ts';
import { validate } from '../validation.ts';
import type { RouteContext } from './context.ts';

const TransactionsQuery = z.object({
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.transactionsPageMax).default(LIMITS.transactionsPageDefault),
});
const PurchaseBody = z.object({ package: z.string().min(1).max(50) });
const PurchaseParams = z.object({
  purchaseId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_.:-]+$/),
});

const Packages = z.object({
  packages: z.array(z.object({ id: z.string(), tokens: z.int(), priceEtb: z.number() })),
  provider: z.enum(['sandbox', 'chapa']),
});
const PurchaseStarted = z.object({
  purchaseId: z.string(),
  status: z.string(),
  checkoutUrl: z.string().nullable().meta({ description: 'Where the player pays (Chapa); null in sandbox mode' }),
});

/** Public: what can be bought, and through which provider. */
export function publicWalletRoutes(app: FastifyInstance, ctx: RouteContext) {
  const doc = routeSchema({ tags: ['wallet'], summary: 'The token packages for sale, and the payment provider', response: Packages });
  app.get('/wallet/packages', { schema: doc }, async (request) =>
    success(request, {
      packages: ctx.tokenPackages.map((p) => ({ id: p.id, tokens: p.tokens, priceEtb: p.priceEtb })),
      provider: ctx.paymentProvider,
    }),
  );
}

export function walletRoutes(app: FastifyInstance, ctx: RouteContext) {
  app.get('/wallet', { schema: routeSchema({ tags: ['wallet'], summary: 'The balance', response: WalletView }) }, async (request) =>
    success(request, await ctx.wallet(currentUser(request).id)),
  );

  const transactionsDoc = routeSchema({
    tags: ['wallet'],
    summary: 'The wallet’s movements, newest first',
    querystring: TransactionsQuery,
    response: TransactionPage,
  });
  app.get('/wallet/transactions', { schema: transactionsDoc }, async (request) => {
    const user = currentUser(request);
    const query = validate(TransactionsQuery, request.query);
    const page = await ctx.ledger.queries.transactions(user.id, { limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) });
    return success(request, { items: page.items, nextCursor: page.nextCursor });
  });

  const purchaseDoc = routeSchema({
    tags: ['wallet', 'payments'],
    summary: 'Start buying a token package',
    body: PurchaseBody,
    response: PurchaseStarted,
    idempotent: true,
  });
  app.post('/wallet/purchases', { schema: purchaseDoc }, async (request) => {
    const user = currentUser(request);
    const body = validate(PurchaseBody, request.body);
    const key = idempotencyKey(request);
    // A retried request (same key) names the same purchase, so it never opens a second checkout.
    const purchaseId = key ? uuidFrom('purchase', user.id, key) : newUuid();
    const data = await ctx.runLedger(request, user.id, 'StartPurchase', { userId: user.id, purchaseId, packageId: body.package });
    return success(
      request,
      {
        purchaseId: typeof data.purchaseId === 'string' ? data.purchaseId : purchaseId,
        status: typeof data.status === 'string' ? data.status : 'pending',
        checkoutUrl: typeof data.checkoutUrl === 'string' ? data.checkoutUrl : null,
      },
      'purchase_started',
    );
  });

  if (ctx.paymentProvider === 'sandbox') {
    // Stands in for the provider's webhook in sandbox mode; a player may confirm only their own purchase.
    const confirmDoc = routeSchema({
      tags: ['payments'],
      summary: 'Confirm one’s own purchase (sandbox mode only)',
      params: PurchaseParams,
      idempotent: true,
    });
    app.post('/payments/sandbox/:purchaseId/confirm', { schema: confirmDoc }, async (request) => {
      const user = currentUser(request);
      const { purchaseId } = validate(PurchaseParams, request.params);
      const purchase = await ctx.ledger.queries.purchase(purchaseId);
      if (!purchase || purchase.userId !== user.id) throw new Rejection('purchase_not_found');
      const data = await ctx.runLedger(request, user.id, 'ConfirmPurchase', {
        purchaseId,
        providerReference: ctx.sandboxReference(purchaseId),
      });
      return success(request, data, 'purchase_completed');
    });
  }
}
