import { hash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './json.ts';
import { chainHash, GENESIS_HASH } from './store/hash.ts';

describe('canonical JSON', () => {
  it('sorts keys by code unit at every depth, drops undefined members and escapes strings as JSON does', () => {
    const value = {
      type: 'GuessMade',
      data: { letter: 'ሀ', '10': 1, '9': 2, b: [3, { z: null, a: 'say "hi"\n' }, []], a: {}, gone: undefined, t: true },
    };
    expect(canonicalJson(value)).toBe(
      '{"data":{"10":1,"9":2,"a":{},"b":[3,{"a":"say \\"hi\\"\\n","z":null},[]],"letter":"ሀ","t":true},"type":"GuessMade"}',
    );
    expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('writes numbers, booleans, null and what JSON has no number for as JSON.stringify does', () => {
    const values = [0, -0, 1.5, -2e-7, 1e21, 2 ** 53 + 2, NaN, Infinity, -Infinity, true, false, null, 'x', [NaN, undefined, -0]];
    for (const value of values) expect(canonicalJson(value)).toBe(JSON.stringify(value));
    expect(canonicalJson({ b: NaN, a: [true, -0], c: { d: 1e-7 } })).toBe('{"a":[true,0],"b":null,"c":{"d":1e-7}}');
  });

  it('hashes an event as every stored event has been hashed (a change here would break every chain in the audit)', () => {
    const event = {
      streamId: 'room-ABCD',
      streamPosition: 3,
      eventId: '6f1c1a52-8d7e-4b7a-9a53-2b1f0c9e4d10',
      type: 'GuessMade',
      data: { letter: 'ሀ', '10': 1, '9': 2, b: [3, { z: null, a: 'say "hi"\n' }, []], a: {}, t: true },
    };
    expect(chainHash(GENESIS_HASH, event)).toBe('b9041c55e260d2d49b94348693cea6f1f990ba9d55d6b4e107848b9f0ffbc9e2');
  });

  it('hashes the canonical JSON of the hashed fields, whatever the data, the ids and the type hold', () => {
    const event = {
      streamId: 'wallet-"ቃል"\\',
      streamPosition: 12,
      eventId: '6f1c1a52-8d7e-4b7a-9a53-2b1f0c9e4d10',
      type: 'Type "with" quotes',
      data: { type: 'x', streamPosition: 99, data: { eventId: 'y' }, '': [], Z: 'ሀ\u2028' },
    };
    const prev = 'f'.repeat(64);
    const expected = hash('sha256', prev + canonicalJson(event), 'hex');
    expect(chainHash(prev, event)).toBe(expected);
    expect(chainHash(prev, event, canonicalJson(event.data))).toBe(expected);
  });
});
