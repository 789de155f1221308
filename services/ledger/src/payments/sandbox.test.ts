import { describe, expect, it } from 'vitest';
import { createSandboxPaymentProvider, sandboxReference } from './sandbox.ts';

describe('sandbox payment provider', () => {
  const sandbox = createSandboxPaymentProvider({ checkoutBaseUrl: '/api/v1/payments/sandbox' });
  const request = { purchaseId: 'p-1', userId: 'u1', packageId: 'tokens_100', tokens: 100, priceEtb: 10 };

  it('starts a checkout whose reference the sandbox confirm sends back', async () => {
    const checkout = await sandbox.start(request);
    expect(checkout.checkoutReference).toBe(sandboxReference('p-1'));
    expect(checkout.checkoutUrl).toContain('/api/v1/payments/sandbox/p-1');
  });

  it('counts a purchase as paid only with its own reference', async () => {
    const { checkoutReference } = await sandbox.start(request);
    expect(await sandbox.verify({ purchaseId: 'p-1', providerReference: checkoutReference, checkoutReference, priceEtb: 10 })).toEqual({
      paid: true,
      reference: checkoutReference,
    });
    expect(
      await sandbox.verify({ purchaseId: 'p-2', providerReference: checkoutReference, checkoutReference, priceEtb: 10 }),
    ).toMatchObject({ paid: false });
    expect(await sandbox.verify({ purchaseId: 'p-1', providerReference: 'guess', checkoutReference, priceEtb: 10 })).toMatchObject({
      paid: false,
    });
  });
});
