/**
 * The payment provider port. A purchase is started (the provider gives a checkout the player pays at), then
 * confirmed: the ledger credits tokens only after `verify` says the provider really was paid for that purchase.
 */
export interface CheckoutRequest {
  readonly purchaseId: string;
  readonly userId: string;
  readonly packageId: string;
  readonly tokens: number;
  readonly priceEtb: number;
}

export interface Checkout {
  /** Where the player pays. */
  readonly checkoutUrl: string;
  /** The provider's handle on this checkout (the sandbox's reference, Chapa's tx_ref). */
  readonly checkoutReference: string;
}

export interface VerifyRequest {
  readonly purchaseId: string;
  readonly providerReference: string;
  readonly checkoutReference: string;
  readonly priceEtb: number;
}

/**
 * `reference` is the provider's canonical name of the payment (whichever of its references the caller gave):
 * the credit's transfer id is derived from it, so one payment is credited once however it is confirmed.
 */
export type Verification = { readonly paid: true; readonly reference: string } | { readonly paid: false; readonly reason: string };

/** What a verified webhook says: which purchase was paid, under which provider reference. */
export interface WebhookNotice {
  readonly purchaseId: string;
  readonly providerReference: string;
  readonly status: string;
}

export interface PaymentProvider {
  /** Stored with each purchase; part of the credit's transfer id, so one payment is credited once. */
  readonly name: string;
  start(request: CheckoutRequest): Promise<Checkout>;
  verify(request: VerifyRequest): Promise<Verification>;
  /**
   * Checks a webhook's signature over the raw body and reads it; null when the signature is missing or wrong.
   * The gateway then sends ConfirmPurchase, and the ledger verifies with the provider before crediting.
   */
  parseWebhook?(rawBody: string | Uint8Array, headers: Readonly<Record<string, string | string[] | undefined>>): WebhookNotice | null;
}

export class PaymentProviderError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}
