import { describe, expect, it } from 'vitest';
import { rejected, type CommandEnvelope } from '../commands/envelope.ts';
import {
  correlatedHandler,
  correlatedSender,
  correlationMixin,
  currentCorrelationId,
  markCorrelationBound,
  withCorrelation,
} from './correlation.ts';

const command = (correlationId: string): CommandEnvelope => ({
  commandId: 'c-1',
  type: 'ClaimDailyBonus',
  actorId: 'u-1',
  payload: {},
  issuedAt: new Date(0).toISOString(),
  correlationId,
});

describe('correlation', () => {
  it('follows the work through its awaits, and only that work', async () => {
    const inside = withCorrelation('req-1', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentCorrelationId();
    });
    expect(currentCorrelationId()).toBeUndefined();
    expect(await inside).toBe('req-1');
  });

  it('runs a command’s handling under the command’s correlation id', async () => {
    const seen: (string | undefined)[] = [];
    const handler = correlatedHandler(async (c) => {
      seen.push(currentCorrelationId());
      return rejected(c.commandId, 'nope');
    });
    const sender = correlatedSender({ send: (c) => handler({ ...c, correlationId: `${c.correlationId}-handled` }) });
    await handler(command('bus-1'));
    await withCorrelation('request-2', () => sender.send(command('ws-message-2')));
    expect(seen).toEqual(['bus-1', 'ws-message-2-handled']);
  });

  it('adds the id to log lines except on loggers that bind it themselves', () => {
    const plain = {};
    const bound = markCorrelationBound({});
    const child = Object.create(bound) as object;
    withCorrelation('req-3', () => {
      expect(correlationMixin({}, 30, plain)).toEqual({ correlationId: 'req-3' });
      expect(correlationMixin({}, 30, bound)).toEqual({});
      expect(correlationMixin({}, 30, child)).toEqual({});
    });
    expect(correlationMixin({}, 30, plain)).toEqual({});
  });
});
