import { createChapaPaymentProvider, createLedger, createSandboxPaymentProvider, sandboxReference, TOKEN_PACKAGES } from '@qal/ledger';
import type { LedgerModule } from './ledger-port.ts';

/** The real ledger (services/ledger), as the composition root plugs it in. */
export const qalLedgerModule: LedgerModule = {
  createLedger,
  createSandboxPaymentProvider: () => createSandboxPaymentProvider(),
  createChapaPaymentProvider: (options) => createChapaPaymentProvider(options),
  sandboxReference,
  TOKEN_PACKAGES,
};
