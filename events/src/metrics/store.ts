import { Gauge, Histogram, type Registry } from 'prom-client';
import { START, type EventStore, type Position } from '../store/port.ts';
import type { AppendObserver } from '../store/observe.ts';
import { BUCKETS, valueWithin } from './registry.ts';

/** Append latency by outcome and events per append: the observer to give `observeAppends`. */
export function appendMetrics(registry: Registry): AppendObserver {
  const duration = new Histogram({
    name: 'qal_event_store_append_duration_seconds',
    help: 'Time one event-store append took, by outcome (appended, duplicate, conflict, failed)',
    labelNames: ['outcome'] as const,
    buckets: [...BUCKETS.appendSeconds],
    registers: [registry],
  });
  const size = new Histogram({
    name: 'qal_event_store_append_events',
    help: 'Events per event-store append (the batch size), whatever its outcome',
    buckets: [...BUCKETS.appendEvents],
    registers: [registry],
  });
  return (observation) => {
    duration.observe({ outcome: observation.outcome }, observation.durationSeconds);
    size.observe(observation.requestedEvents);
  };
}

/** Events between a subscriber's checkpoint and the store's head (global positions; a gap of rolled-back ids counts). */
export function eventsBehind(head: Position, checkpoint: Position | null): number {
  const behind = head.globalPosition - (checkpoint ?? START).globalPosition;
  return behind > 0n ? Number(behind) : 0;
}

/**
 * How far each named projection (a store subscriber) is behind the store's head, read at every scrape from its
 * stored checkpoint: no series for a scrape whose reads fail or take too long.
 */
export function projectionLagMetric(registry: Registry, options: { store: EventStore; projections: readonly string[] }): void {
  const { store, projections } = options;
  new Gauge({
    name: 'qal_projection_lag_events',
    help: 'Events the projection has not processed yet: the store head minus its checkpoint (global positions)',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const lags = await valueWithin(async () => {
        const head = await store.head();
        return Promise.all(projections.map(async (name) => [name, eventsBehind(head, await store.loadCheckpoint(name))] as const));
      });
      for (const [projection, lag] of lags ?? []) this.set({ projection }, lag);
    },
  });
}
