import { describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process.ts';
import type { Bus } from '../bus/port.ts';
import { newUuid } from '../uuid.ts';
import { createBusCommandSender } from './transport.ts';

describe('a command sender whose broker is away', () => {
  it('answers the publish error even when the outcome timeout passed while publishing (and the process keeps running)', async () => {
    const inner = createInProcessBus();
    // publish() keeps retrying longer than the command timeout, then gives up, as kafkajs does while a broker is down
    const bus: Bus = {
      ...inner,
      async publish(topic, messages) {
        if (topic === 'replies') return inner.publish(topic, messages);
        await new Promise((resolve) => setTimeout(resolve, 150));
        throw new Error('broker unavailable');
      },
    };
    const sender = await createBusCommandSender({ bus, instanceId: 'gateway-a', topicFor: () => 'commands.ledger', timeoutMs: 20 });
    try {
      const command = {
        commandId: newUuid(),
        type: 'ClaimDailyBonus',
        actorId: 'u1',
        payload: {},
        issuedAt: new Date().toISOString(),
        correlationId: newUuid(),
      };
      // Had the timeout's rejection gone unhandled meanwhile, vitest would fail this file (and Node would end a process).
      await expect(sender.send(command)).rejects.toThrow('broker unavailable');
    } finally {
      await sender.close();
      await inner.close();
    }
  });
});
