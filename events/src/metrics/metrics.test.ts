import { describe, expect, it } from 'vitest';
import { CommandTimeoutError } from '../commands/transport.ts';
import { rejected, succeeded, type CommandEnvelope } from '../commands/envelope.ts';
import { createMemoryEventStore } from '../store/memory.ts';
import { newUuid } from '../uuid.ts';
import { observeCommandHandler } from './commands.ts';
import { partitionLag } from './kafka-lag.ts';
import { createMetricsRegistry } from './registry.ts';
import { startMetricsServer } from './server.ts';
import { loadMetricsPort } from './settings.ts';
import { watchService } from './service.ts';
import { ServiceConfigError } from '../process/service.ts';

const command = (type: string): CommandEnvelope => ({
  commandId: newUuid(),
  type,
  actorId: 'u-1',
  payload: {},
  issuedAt: new Date(0).toISOString(),
  correlationId: 'corr-1',
});

describe('service metrics', () => {
  it('report appends and how far each projection is behind the store', async () => {
    const registry = createMetricsRegistry('test');
    const { store } = watchService(registry, { store: createMemoryEventStore(), projections: ['behind', 'caught-up'], brokers: '' });
    const caughtUp = store.subscribe({ subscriber: 'caught-up', handle: async () => undefined });
    for (let i = 0; i < 3; i++)
      await store.append([
        { streamId: `s-${i}`, streamType: 't', expectedVersion: 'any', events: [{ eventId: newUuid(), type: 'E', data: {} }] },
      ]);
    await caughtUp.waitFor(await store.head(), 2_000);

    const text = await registry.metrics();
    expect(text).toContain('qal_projection_lag_events{projection="behind",service="test"} 3');
    expect(text).toContain('qal_projection_lag_events{projection="caught-up",service="test"} 0');
    expect(text).toContain('qal_event_store_append_duration_seconds_count{service="test",outcome="appended"} 3');
    expect(text).toContain('qal_event_store_append_events_sum{service="test"} 3');
    expect(text).toContain('process_resident_memory_bytes');
    await caughtUp.stop();
  });

  it('time commands by type and outcome, and name an unknown type `unknown`', async () => {
    const registry = createMetricsRegistry('test');
    const outcomes = [succeeded('x'), rejected('x', 'insufficient_tokens')];
    const handler = observeCommandHandler(async (c) => {
      const next = outcomes.shift();
      if (!next) throw new CommandTimeoutError(c.commandId, 1);
      return next;
    }, registry);
    await handler(command('ClaimDailyBonus'));
    await handler(command('ClaimDailyBonus'));
    await expect(handler(command('NoSuchCommand'))).rejects.toThrow();
    const text = await registry.metrics();
    for (const [type, outcome] of [
      ['ClaimDailyBonus', 'succeeded'],
      ['ClaimDailyBonus', 'rejected'],
      ['unknown', 'timeout'],
    ])
      expect(text).toContain(`qal_command_handling_duration_seconds_count{service="test",type="${type}",outcome="${outcome}"} 1`);
  });

  it('count consumer lag from the committed offset, or from the start when the group never committed', () => {
    expect(partitionLag({ low: '0', high: '10' }, '7')).toBe(3);
    expect(partitionLag({ low: '4', high: '10' }, '-1')).toBe(6);
    expect(partitionLag({ low: '4', high: '10' }, undefined)).toBe(6);
    expect(partitionLag({ low: '0', high: '10' }, '10')).toBe(0);
  });

  it('answer GET /metrics on their own listener and nothing else', async () => {
    const registry = createMetricsRegistry('test');
    const server = await startMetricsServer({ registry, port: 0, host: '127.0.0.1' });
    try {
      const answer = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(await answer.text()).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
      expect((await fetch(`http://127.0.0.1:${server.port}/ready`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('read METRICS_PORT with one clear line when it is bad', () => {
    expect(loadMetricsPort({}, 9101)).toBe(9101);
    expect(loadMetricsPort({ METRICS_PORT: ' ' }, 9101)).toBe(9101);
    expect(loadMetricsPort({ METRICS_PORT: '0' }, 9101)).toBe(0);
    expect(() => loadMetricsPort({ METRICS_PORT: 'nine' }, 9101)).toThrow(ServiceConfigError);
    const linesOf = (raw: string) => {
      try {
        loadMetricsPort({ METRICS_PORT: raw }, 9101);
        return [];
      } catch (error) {
        return error instanceof ServiceConfigError ? error.lines : [String(error)];
      }
    };
    expect(linesOf('99999')).toEqual(['METRICS_PORT: must be a port number (got "99999")']);
  });
});
