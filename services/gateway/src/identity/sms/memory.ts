import type { SmsMessage, SmsSender } from './port.ts';

/** For tests: keeps every message so a test can read the code a player would have received. */
export interface MemorySmsSender extends SmsSender {
  readonly outbox: SmsMessage[];
  /** The code of the newest message to `phone` (E.164), or throws when none was sent. */
  lastCodeFor(phone: string): string;
}

export function createMemorySmsSender(): MemorySmsSender {
  const outbox: SmsMessage[] = [];
  return {
    id: 'memory',
    outbox,
    async send(message) {
      outbox.push(message);
      return { accepted: true, providerMessageId: `memory-${outbox.length}` };
    },
    lastCodeFor(phone) {
      const message = outbox.findLast((m) => m.to === phone);
      if (!message) throw new Error(`no SMS was sent to ${phone}`);
      return message.code;
    },
  };
}
