import { z } from 'zod';
import { SmsDeliveryError, type SmsSender } from './port.ts';

export interface AfroMessageConfig {
  readonly url: string;
  readonly token: string;
  /** AfroMessage's `from`: the identifier id of the sending short code. */
  readonly identifierId: string;
  readonly sender: string | null;
  readonly timeoutMs?: number;
}

const AfroMessageResponse = z.object({
  acknowledge: z.string(),
  response: z.unknown().optional(),
});

/** A thin AfroMessage adapter (POST /api/send, bearer token); we generate and check codes ourselves. */
export function createAfroMessageSender(config: AfroMessageConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  return {
    id: 'afromessage',
    async send(message) {
      const body: Record<string, string> = { from: config.identifierId, to: message.to, message: message.text };
      if (config.sender) body.sender = config.sender;
      let response: Response;
      try {
        response = await fetchImpl(config.url, {
          method: 'POST',
          headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError('AfroMessage could not be reached', error);
      }
      if (!response.ok) throw new SmsDeliveryError(`AfroMessage answered HTTP ${response.status}`);
      const parsed = AfroMessageResponse.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new SmsDeliveryError('AfroMessage answered with an unexpected body');
      if (parsed.data.acknowledge !== 'success')
        throw new SmsDeliveryError(`AfroMessage refused the message: ${JSON.stringify(parsed.data.response)}`);
      const id = z.object({ message_id: z.union([z.string(), z.number()]) }).safeParse(parsed.data.response);
      return { accepted: true, providerMessageId: id.success ? String(id.data.message_id) : null };
    },
  };
}
