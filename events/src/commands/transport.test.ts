import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process.ts';
import type { Bus, Consumer, DeliveredMessage } from '../bus/port.ts';
import { newUuid } from '../uuid.ts';
import { rejected, succeeded, type CommandEnvelope, type CommandHandler } from './envelope.ts';
import { commandKey, createBusCommandSender, REPLY_TOPIC, serveCommands, type BusCommandSender } from './transport.ts';

const topicFor = (type: string) => (type.startsWith('Claim') || type.startsWith('Transfer') ? 'commands.ledger' : 'commands.game');

const command = (type: string, payload: Record<string, unknown> = {}): CommandEnvelope => ({
  commandId: newUuid(),
  type,
  actorId: 'user-1',
  payload,
  issuedAt: new Date().toISOString(),
  correlationId: newUuid(),
});

describe('command transport over the bus', () => {
  let bus: Bus;
  const open: { close?: () => Promise<void>; stop?: () => Promise<void> }[] = [];

  const setup = async (handler: CommandHandler, instanceIds = ['gateway-a']) => {
    bus = createInProcessBus({ retryBackoff: { firstMs: 5, maxMs: 20 } });
    const services: Consumer[] = [
      await serveCommands({ bus, groupId: 'ledger', topics: ['commands.ledger'], handler }),
      await serveCommands({ bus, groupId: 'game-engine', topics: ['commands.game'], handler }),
    ];
    const senders: BusCommandSender[] = [];
    for (const instanceId of instanceIds) senders.push(await createBusCommandSender({ bus, instanceId, topicFor, timeoutMs: 5_000 }));
    open.push(...services, ...senders);
    return senders;
  };

  afterEach(async () => {
    for (const item of open.splice(0)) await (item.close ?? item.stop)?.();
    await bus?.close();
  });

  it('answers many concurrent commands, each with its own outcome', async () => {
    const [sender] = await setup(async (c) => succeeded(c.commandId, { echoed: c.payload.n, type: c.type }));
    const commands = Array.from({ length: 100 }, (_, n) => command(n % 2 ? 'ClaimDailyBonus' : 'GuessLetter', { n }));
    const outcomes = await Promise.all(commands.map((c) => sender!.send(c)));
    outcomes.forEach((outcome, n) => {
      expect(outcome).toEqual({ status: 'succeeded', commandId: commands[n]!.commandId, data: { echoed: n, type: commands[n]!.type } });
    });
  });

  it('delivers a rejection as the outcome', async () => {
    const [sender] = await setup(async (c) => rejected(c.commandId, 'insufficient_tokens', { balance: 3 }));
    const c = command('ClaimDailyBonus');
    expect(await sender!.send(c)).toEqual({
      status: 'rejected',
      commandId: c.commandId,
      reason: 'insufficient_tokens',
      details: { balance: 3 },
    });
  });

  it('redelivers a command whose handler failed, and answers once it succeeds', async () => {
    let calls = 0;
    const [sender] = await setup(async (c) => {
      if (++calls === 1) throw new Error('store unavailable');
      return succeeded(c.commandId);
    });
    expect(await sender!.send(command('ClaimDailyBonus'))).toMatchObject({ status: 'succeeded' });
    expect(calls).toBe(2);
  });

  it('gives each gateway instance the outcomes of its own commands', async () => {
    const senders = await setup(async (c) => succeeded(c.commandId, { replyTo: c.replyTo ?? null }), ['gateway-a', 'gateway-b']);
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const sender = senders[i % 2]!;
        const outcome = await sender.send(command('GuessLetter', { i }));
        return { outcome, expected: i % 2 ? 'gateway-b' : 'gateway-a' };
      }),
    );
    for (const { outcome, expected } of results) expect(outcome).toMatchObject({ status: 'succeeded', data: { replyTo: expected } });
  });

  it('keys a command by its aggregate, so one aggregate keeps its order', async () => {
    const handled: string[] = [];
    const [sender] = await setup(async (c) => {
      handled.push(String(c.payload.letter));
      return succeeded(c.commandId);
    });
    const letters = ['ሀ', 'ለ', 'ሐ', 'መ', 'ሠ'];
    await Promise.all(letters.map((letter) => sender!.send(command('GuessLetter', { matchId: 'match-1', letter }))));
    expect(handled).toEqual(letters);
    expect(commandKey(command('GuessLetter', { matchId: 'match-1' }))).toBe('match-1');
    expect(commandKey(command('ClaimDailyBonus'))).toBe('user-1');
    // a room's commands (and its bet timer) stay in order on the room
    expect(commandKey(command('SetReady', { code: 'ABC234', userId: 'user-1', ready: true }))).toBe('ABC234');
  });

  it('rejects with a timeout when no outcome arrives', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const [sender] = await setup(async (c) => {
      await stuck;
      return succeeded(c.commandId);
    });
    const c = command('ClaimDailyBonus');
    await expect(sender!.send(c, { timeoutMs: 100 })).rejects.toMatchObject({ name: 'CommandTimeoutError', commandId: c.commandId });
    release(); // the late outcome finds nobody waiting and is dropped
    expect(await sender!.send(command('ClaimDailyBonus'))).toMatchObject({ status: 'succeeded' });
  });

  it('answers a malformed command with invalid_command instead of retrying it', async () => {
    let calls = 0;
    await setup(async (c) => {
      calls += 1;
      return succeeded(c.commandId);
    });
    const replies: DeliveredMessage[] = [];
    open.push(await bus.consume({ groupId: 'test-replies', topics: [REPLY_TOPIC], handle: async (m) => void replies.push(m) }));
    await bus.publish('commands.ledger', [
      { key: 'user-1', value: '{"type":"ClaimDailyBonus"}', headers: { 'command-id': 'cmd-1', 'reply-to': 'gateway-a' } },
    ]);
    while (replies.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(JSON.parse(replies[0]!.value)).toMatchObject({ status: 'rejected', commandId: 'cmd-1', reason: 'invalid_command' });
    expect(calls).toBe(0);
  });
});
