import type { EthiopianMobile } from '../phone.ts';

export interface SmsMessage {
  readonly to: EthiopianMobile;
  readonly text: string;
  /** The one-time code inside `text`, so the embedded console sender can print it in its fixed format. */
  readonly code: string;
  readonly lang: 'en' | 'am';
  /** The challenge id: a provider that supports it drops a retried send. */
  readonly idempotencyKey: string;
}

export interface SmsSender {
  readonly id: 'console' | 'memory' | 'afromessage';
  send(message: SmsMessage): Promise<{ readonly accepted: boolean; readonly providerMessageId: string | null }>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}
