import { uuidFrom } from '@qal/events';
import type { PaymentProvider } from './port.ts';

export interface SandboxOptions {
  /** Where the sandbox checkout page lives (the gateway serves it); the purchase id is appended. */
  readonly checkoutBaseUrl?: string;
}

export const SANDBOX_PROVIDER = 'sandbox';

/** The sandbox's reference for a purchase: stable, so every process agrees on it without shared state. */
export const sandboxReference = (purchaseId: string) => `sbx_${uuidFrom('sandbox-checkout', purchaseId).replace(/-/g, '')}`;

/**
 * A provider for development and tests: no money moves. Starting gives a sandbox checkout and its reference;
 * the sandbox checkout page's "pay" button makes the gateway send ConfirmPurchase with that reference, which
 * is then the confirmation itself: verify accepts exactly the reference the purchase was given.
 */
export function createSandboxPaymentProvider(options: SandboxOptions = {}): PaymentProvider {
  const base = options.checkoutBaseUrl ?? '/sandbox/checkout';
  return {
    name: SANDBOX_PROVIDER,
    async start({ purchaseId }) {
      const checkoutReference = sandboxReference(purchaseId);
      return { checkoutReference, checkoutUrl: `${base}/${encodeURIComponent(purchaseId)}?reference=${checkoutReference}` };
    },
    async verify({ purchaseId, providerReference }) {
      const reference = sandboxReference(purchaseId);
      return providerReference === reference ? { paid: true, reference } : { paid: false, reason: 'unknown sandbox reference' };
    },
  };
}
