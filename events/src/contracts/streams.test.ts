import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  crazyStreamId,
  duelStreamId,
  matchChannel,
  matchOfStream,
  matchStreamId,
  parseChannel,
  parseMatchChannel,
  playsStreamId,
  privateMatchChannel,
  roomChannel,
  roomCodeOfChannel,
  roomCodeOfStream,
  roomStreamId,
  userChannel,
  userOfChannel,
} from './streams.ts';
import { Channel } from './ws.ts';

describe('stream names', () => {
  it('names each stream and reads it back', () => {
    expect([
      matchStreamId('m1'),
      roomStreamId('ABC234'),
      duelStreamId('m2'),
      crazyStreamId('m3'),
      playsStreamId('u1', '2026-03-01'),
    ]).toEqual(['match-m1', 'room-ABC234', 'duel-m2', 'crazy-m3', 'hangman-plays-u1-2026-03-01']);
    expect(roomCodeOfStream('room-ABC234')).toBe('ABC234');
    expect(roomCodeOfStream('room-')).toBeNull();
    expect(roomCodeOfStream('duel-ABC234')).toBeNull();
    expect(matchOfStream('match-m1')).toEqual({ kind: 'hangman', matchId: 'm1' });
    expect(matchOfStream('duel-m2')).toEqual({ kind: 'duel', matchId: 'm2' });
    expect(matchOfStream('crazy-m3')).toEqual({ kind: 'crazy', matchId: 'm3' });
    expect(matchOfStream('room-ABC234')).toBeNull();
    expect(matchOfStream('hangman-plays-u1-2026-03-01')).toBeNull();
  });
});

describe('channel names', () => {
  it('names each channel, valid for the protocol, and parses it back', () => {
    const channels = [userChannel('u-1'), roomChannel('ABC234'), matchChannel('m-1'), privateMatchChannel('m-1', 'u-2')];
    expect(channels).toEqual(['user:u-1', 'room:ABC234', 'match:m-1', 'match:m-1:u-2']);
    for (const channel of channels) expect(Channel.safeParse(channel).success).toBe(true);
    expect(channels.map(parseChannel)).toEqual([
      { kind: 'user', userId: 'u-1' },
      { kind: 'room', code: 'ABC234' },
      { kind: 'match', matchId: 'm-1' },
      { kind: 'private_match', matchId: 'm-1', userId: 'u-2' },
    ]);
    expect(userOfChannel('user:u-1')).toBe('u-1');
    expect(userOfChannel('room:u-1')).toBeNull();
    expect(roomCodeOfChannel('room:ABC234')).toBe('ABC234');
    expect(parseMatchChannel('match:m1')).toEqual({ matchId: 'm1', userId: null });
    expect(parseMatchChannel('match:m1:u2')).toEqual({ matchId: 'm1', userId: 'u2' });
    expect(parseMatchChannel('room:m1')).toBeNull();
    expect(parseChannel('wallet:u-1')).toBeNull();
    expect(parseChannel('user:')).toBeNull();
  });
});

describe('the contracts module', () => {
  it('is browser-safe: it imports zod/mini and its own files only', () => {
    const root = new URL('.', import.meta.url);
    const own = /^(zod\/mini|\.\.?\/([a-z-]+\/)?[a-z-]+\.ts)$/;
    for (const dir of [root, new URL('arcade/', root)]) {
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
        const source = readFileSync(new URL(file, dir), 'utf8');
        const imports = [...source.matchAll(/^(?:import|export)[^'"]*from\s+'([^']+)'/gm)].map((m) => m[1]);
        for (const from of imports) expect(from, `${file} imports ${from}`).toMatch(own);
      }
    }
  });
});
