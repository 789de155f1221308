import { describe, expect, it } from 'vitest';
import { busContract } from './contract.ts';
import { createInProcessBus } from './in-process.ts';

busContract('in-process', async () => createInProcessBus({ retryBackoff: { firstMs: 5, maxMs: 50 } }), { waitMs: 5_000 });

describe('in-process bus', () => {
  it('refuses topics nobody created, as Kafka does, so missing ensureTopics shows up in embedded mode too', async () => {
    const bus = createInProcessBus();
    await expect(bus.publish('commands.ledger', [{ key: 'k', value: 'v' }])).rejects.toThrow(/ensureTopics/);
    await expect(bus.consume({ groupId: 'g', topics: ['commands.ledger'], handle: async () => {} })).rejects.toThrow(/ensureTopics/);
    await bus.close();
  });

  it('leaves a message that was still being retried to the next consumer of the group', async () => {
    const bus = createInProcessBus({ retryBackoff: { firstMs: 5, maxMs: 5 } });
    await bus.ensureTopics(['t']);
    let failures = 0;
    const failing = await bus.consume({
      groupId: 'g',
      topics: ['t'],
      maxAttempts: 1_000,
      handle: async () => {
        failures += 1;
        throw new Error('down');
      },
    });
    await bus.publish('t', [{ key: 'k', value: 'x' }]);
    while (failures < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await failing.stop();
    const got: string[] = [];
    await bus.consume({ groupId: 'g', topics: ['t'], handle: async (m) => void got.push(m.value) });
    while (got.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(got).toEqual(['x']);
    await bus.close();
  });
});
