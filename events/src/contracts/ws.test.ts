import { describe, expect, it } from 'vitest';
import { ClientMessage, ServerMessage } from './ws.ts';

describe('websocket protocol', () => {
  it('accepts the client messages and refuses server-only ones from a client', () => {
    expect(ClientMessage.parse({ type: 'subscribe', channel: 'user:abc-1' })).toEqual({ type: 'subscribe', channel: 'user:abc-1' });
    expect(ClientMessage.safeParse({ type: 'ping' }).success).toBe(true);
    expect(ClientMessage.safeParse({ type: 'push', channel: 'user:a', version: 1, event: 'wallet', data: {} }).success).toBe(false);
    expect(ClientMessage.safeParse({ type: 'subscribe', channel: 'no channel' }).success).toBe(false);
  });

  it('signs a socket in with an auth message carrying the session token', () => {
    expect(ClientMessage.parse({ type: 'auth', token: 'abc' })).toEqual({ type: 'auth', token: 'abc' });
    expect(ClientMessage.safeParse({ type: 'auth', token: '' }).success).toBe(false);
    expect(ClientMessage.safeParse({ type: 'auth' }).success).toBe(false);
  });

  it('describes every server message', () => {
    const push = { type: 'push', channel: 'user:u1', version: 7, event: 'wallet', data: { balance: 1, held: 0, available: 1 } };
    expect(ServerMessage.parse(push)).toEqual(push);
    expect(ServerMessage.safeParse({ type: 'error', code: 'forbidden_channel', message: 'no', channel: 'user:x' }).success).toBe(true);
    expect(ServerMessage.safeParse({ type: 'subscribe', channel: 'user:u1' }).success).toBe(false);
  });

  it('carries game commands from the client and their results back', () => {
    const command = { type: 'command', id: 'c1', name: 'match.move', payload: { matchId: 'm1', type: 'guess', letter: 'a' } };
    expect(ClientMessage.parse(command)).toEqual(command);
    expect(ClientMessage.safeParse({ ...command, name: 'wallet.drain' }).success).toBe(false);
    expect(
      ServerMessage.safeParse({ type: 'result', id: 'c1', ok: false, code: 'already_guessed', message: 'You already guessed that letter' })
        .success,
    ).toBe(true);
    expect(ClientMessage.safeParse({ type: 'result', id: 'c1', ok: true }).success).toBe(false);
  });
});
