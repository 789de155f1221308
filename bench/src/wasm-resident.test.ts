import { describe, expect, it } from 'vitest';
import { residentKbOfMapping } from './wasm-resident.ts';

const SMAPS = `7f5a70000000-7f5a78000000 ---p 00000000 00:00 0
Size:             131072 kB
Rss:                   0 kB
7f5a78000000-7f5a83c90000 rw-p 00000000 00:00 0 
Size:             193088 kB
Rss:              155140 kB
7f5a83c90000-7f5a84000000 rw-p 00000000 00:00 0 
Size:               3520 kB
Rss:                3000 kB
55d1c0a00000-55d1c0b00000 rw-p 00000000 08:01 1234   /usr/bin/node
Size:             193088 kB
Rss:                 999 kB
`;

describe('resident part of a WebAssembly memory', () => {
  it('reads the Rss of the anonymous read-write mapping of exactly its size', () => {
    expect(residentKbOfMapping(193_088 * 1024, SMAPS)).toBe(155_140);
  });

  it('answers null when no anonymous mapping has that size', () => {
    expect(residentKbOfMapping(64 * 1024 * 1024, SMAPS)).toBeNull();
    expect(residentKbOfMapping(0, SMAPS)).toBeNull();
  });
});
