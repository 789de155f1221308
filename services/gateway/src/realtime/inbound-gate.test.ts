import { describe, expect, it } from 'vitest';
import { createInboundGate, type InboundLimits } from './inbound-gate.ts';

const limits: InboundLimits = { messageBurst: 100, messagesPerSec: 1, maxQueuedBeforeAuth: 2, maxPendingMessages: 3 };
const auth = JSON.stringify({ type: 'auth', token: 'secret' });
const ping = JSON.stringify({ type: 'ping' });

describe('inbound gate of a socket', () => {
  it('wants `auth` first: anything else is unauthorized', () => {
    const gate = createInboundGate(limits, () => 0);
    expect(gate.receive(ping)).toEqual({ kind: 'refuse', code: 'unauthorized' });
    expect(createInboundGate(limits, () => 0).receive('not json')).toEqual({ kind: 'refuse', code: 'unauthorized' });
  });

  it('keeps frames while the token is checked, up to a cap, and hands them back in order', () => {
    const gate = createInboundGate(limits, () => 0);
    expect(gate.receive(auth)).toEqual({ kind: 'authenticate', token: 'secret' });
    expect([gate.receive('a'), gate.receive('b')]).toEqual([{ kind: 'wait' }, { kind: 'wait' }]);
    expect(gate.receive('c')).toEqual({ kind: 'refuse', code: 'ws_too_many_messages' });
    expect(gate.opened()).toEqual(['a', 'b']);
  });

  it('caps the frames waiting behind a slow one', () => {
    const gate = createInboundGate(limits, () => 0);
    gate.receive(auth);
    gate.opened();
    expect([gate.receive('a'), gate.receive('b'), gate.receive('c')].map((step) => step.kind)).toEqual(['handle', 'handle', 'handle']);
    expect(gate.receive('d')).toEqual({ kind: 'refuse', code: 'ws_too_many_messages' });
    gate.handled();
    expect(gate.receive('e')).toEqual({ kind: 'handle', raw: 'e' });
  });

  it('refuses a socket sending faster than its bucket refills', () => {
    let now = 0;
    const gate = createInboundGate({ ...limits, messageBurst: 3, messagesPerSec: 10 }, () => now);
    gate.receive(auth);
    gate.opened();
    gate.receive('a');
    gate.handled();
    gate.receive('b');
    gate.handled();
    expect(gate.receive('c')).toEqual({ kind: 'refuse', code: 'ws_too_many_messages' });
    now += 100;
    expect(gate.receive('d')).toEqual({ kind: 'handle', raw: 'd' });
  });
});
