import type { IHeaders, KafkaMessage } from 'kafkajs';
import type { DeliveredMessage } from '../port.ts';

/** A fetched kafkajs message as the bus hands it to a handler: strings, and each header's first value. */
export function toDelivered(topic: string, partition: number, message: KafkaMessage): DeliveredMessage {
  const headers = toHeaders(message.headers);
  return {
    topic,
    partition,
    offset: message.offset,
    key: message.key?.toString() ?? '',
    value: message.value?.toString() ?? '',
    ...(headers ? { headers } : {}),
  };
}

function toHeaders(headers: IHeaders | undefined): Record<string, string> | undefined {
  if (!headers) return undefined;
  const entries = Object.entries(headers).flatMap(([name, value]) => {
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined ? [] : [[name, first.toString()] as const];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
