/**
 * Distributed mode under faults, on a real Kafka broker (this suite's own) and PostgreSQL (a scratch database),
 * with the real processes: two gateways, game-engine, ledger, leaderboard. Players sign in, claim the daily bonus,
 * buy tokens and play Hangman through both gateways, two more play a room match (entry fee, bet, word duel), three
 * more a Crazy match (entry fee, bet, cards) and two or three more a Codebreaker race (entry fee, bet, one code) across
 * the gateways, and two more play the arcade's single-player games (Mines cashed out, Codebreaker solved, and Geo
 * Sprint on its per-question clock, Sum Chaser, or Math Sprint ended by the server's clock), while (a) the ledger is
 * SIGKILLed and restarted (and a player walks away from a start sent to the dead ledger), (b) a gateway is SIGKILLed
 * and its websocket clients move to the other, (c) the broker is stopped for 10 s. After each: every command has
 * exactly one outcome, wallets and read models agree with the events, each room match finished, its pot was paid
 * once and each of its players' history shows it, Crazy's 104 cards are all there, the race's winners are its top
 * scorers, every arcade game ended as its player saw it and every arcade match in the store has its fee charged once,
 * its reward paid once (one ledger transfer per match) and, if abandoned, its fee refunded; `ledger:audit` is clean.
 */
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { findDependencies, startCluster, stopKafkaIfStarted, type Cluster } from './support/cluster.ts';
import { Player } from './support/client.ts';
import { expectConsistent } from './support/invariants.ts';
import { arrive, buyTokens, carryOn, claimBonus, DAILY_BONUS, playHangmanToAWin, WELCOME_GRANT, type Journey } from './support/journey.ts';
import { crazyGame, playCrazy } from './support/crazy.ts';
import { duelGame, playDuel } from './support/duel.ts';
import {
  arriveForArcade,
  describeArcade,
  answerMathSprint,
  playCodebreaker,
  playGeoSprint,
  playMines,
  playSumChaser,
  runArcade,
  startMathSprint,
  untilTheClockEndsThem,
  walkAway,
  type ArcadeJourney,
} from './support/arcade.ts';
import { playRace, raceGame, type CodeRaceView } from './support/codebreaker-race.ts';
import {
  arriveForRoom,
  closeRoom,
  describeRoom,
  roomJourney,
  roomTriesDuring,
  setUpRoom,
  turnsTimedOut,
  type RoomJourney,
} from './support/rooms.ts';

const dependencies = await findDependencies();
afterAll(stopKafkaIfStarted, 120_000);

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Runs alongside the fault; a failure surfaces where it is awaited, not as an unhandled rejection before. */
function inFlight<T>(work: readonly Promise<T>[]): Promise<T[]> {
  const all = Promise.all(work);
  all.catch(() => undefined);
  return all;
}
const PLAYERS_PER_SCENARIO = 4;
const CRAZY_PLAYERS = 3;
const ARCADE_PLAYERS = 2;
/** Right answers a Math Sprint player gives before leaving the game to the server's clock: enough to win it. */
const MATH_SPRINT_ANSWERS = 12;

describe.skipIf(!dependencies)('distributed mode under faults', { timeout: 300_000 }, () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster(dependencies!);
  }, 300_000);
  afterAll(async () => {
    await cluster?.close();
  }, 120_000);

  const reportLogsOnFailure = () =>
    onTestFailed(() => {
      console.error(`--- last lines of the processes ---\n${cluster.recentLogs()}`);
    });

  const playersFor = (scenario: string, gatewayOf: (index: number) => number) =>
    Array.from({ length: PLAYERS_PER_SCENARIO }, (_, i) => new Player(cluster, `${scenario}-${i + 1}`, gatewayOf(i)));

  const closeAll = (journeys: readonly Journey[]) => journeys.forEach((j) => j.player.push?.close());

  /** The room match of a scenario: the host sends through gateway 1, the guest through gateway 2 (pushes the other way). */
  const roomFor = (scenario: string) =>
    arriveForRoom(cluster, scenario, duelGame, [
      new Player(cluster, `${scenario}-room-host`, 0),
      new Player(cluster, `${scenario}-room-guest`, 1),
    ]);
  /**
   * The Crazy match of a scenario, set up (fees and stakes held, dealt) before the fault and played through it:
   * its players send through gateways 1, 2, 1 (pushes the other way).
   */
  const crazyFor = async (scenario: string) => {
    const players = Array.from({ length: CRAZY_PLAYERS }, (_, i) => new Player(cluster, `${scenario}-crazy-${i + 1}`, i % 2));
    const room = await arriveForRoom(cluster, `${scenario} crazy`, crazyGame, players);
    await setUpRoom(room);
    return room;
  };
  /** The Codebreaker race of a scenario: its players send through gateways 1, 2, 1… (pushes the other way). */
  const raceFor = (scenario: string, players: number) =>
    arriveForRoom(
      cluster,
      `${scenario} race`,
      raceGame,
      Array.from({ length: players }, (_, i) => new Player(cluster, `${scenario}-race-${i + 1}`, i % 2)),
    );
  const racePlayed = (race: RoomJourney<CodeRaceView>) => playRace(cluster, race);
  /** The arcade players of a scenario: the first sends through gateway 1, the second through gateway 2. */
  const arcadeFor = (scenario: string) =>
    Promise.all(
      Array.from({ length: ARCADE_PLAYERS }, (_, i) => arriveForArcade(cluster, new Player(cluster, `${scenario}-arcade-${i + 1}`, i % 2))),
    );
  const printArcade = (scenario: string, journeys: readonly ArcadeJourney[]) =>
    console.log(`${scenario}: arcade ${describeArcade(journeys)}`);
  const roomPlayers = (...rooms: RoomJourney[]) => rooms.flatMap((room) => room.players);
  /** Resolves once `ready()` holds, checking every few milliseconds; fails after a generous limit. */
  const until = async (ready: () => boolean, what: string, timeoutMs = 60_000) => {
    const limit = Date.now() + timeoutMs;
    while (!ready()) {
      if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
      await delay(5);
    }
  };
  /** Prints the room match and its requests under way during the fault; there must be some. */
  const roomThroughFault = async (scenario: string, room: RoomJourney, fault: { from: number; to: number }) => {
    const { count, met } = roomTriesDuring(room, fault.from, fault.to);
    console.log(
      `${scenario}: ${describeRoom(room)}, turns timed out ${await turnsTimedOut(cluster, room)}\n  ${count} room requests under way during the fault; the ones that met it: ${met.join('; ') || 'none'}`,
    );
    expect(count, `${scenario}: room requests under way during the fault`).toBeGreaterThan(0);
  };

  /** What the players saw before outcomes (no answer, timeouts), printed, and counted. */
  const interruptions = (scenario: string, journeys: readonly Journey[]) => {
    const seen = new Map<string, number>();
    for (const attempt of journeys.flatMap((j) => j.player.attempts)) {
      if (attempt.status === 200) continue;
      const what = attempt.status === 'no_answer' ? 'no answer' : `${attempt.status} ${attempt.code ?? ''}`.trim();
      seen.set(what, (seen.get(what) ?? 0) + 1);
    }
    const requests = journeys.reduce((n, j) => n + j.player.attempts.length, 0);
    console.log(
      `${scenario}: ${requests} requests; before their outcome: ${[...seen].map(([what, n]) => `${n}× ${what}`).join(', ') || 'none'}`,
    );
    return [...seen.values()].reduce((a, b) => a + b, 0);
  };

  /** Tries sent before the fault ended that ended after it began: those that met it, whatever their outcome. */
  const triesDuring = (journeys: readonly Journey[], fault: { from: number; to: number }) =>
    journeys.flatMap((j) => j.player.attempts).filter((attempt) => attempt.sentAt < fault.to && attempt.endedAt > fault.from).length;

  it('serves a player on either gateway: a wallet change made through gateway 1 is pushed through gateway 2', async () => {
    reportLogsOnFailure();
    const player = new Player(cluster, 'both-gateways', 0);
    const journey = await arrive(cluster, player);
    try {
      expect(player.push!.connections).toEqual([1]);
      await claimBonus(journey);
      const pushed = await player.push!.waitForBalance(WELCOME_GRANT + DAILY_BONUS);
      expect(pushed).toMatchObject({ balance: WELCOME_GRANT + DAILY_BONUS, held: 0 });
      expect(await player.wallet(1)).toEqual({ balance: 110, held: 0, available: 110, version: pushed.version });
      // every process answers /metrics (the gateways on their own port in development, the services on METRICS_PORT)
      const scrape = async (port: number | null) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      const withoutMetrics = [];
      for (const { name, metricsPort } of cluster.topology.processes) {
        if (!(await scrape(metricsPort)).includes('# TYPE qal_event_store_append_duration_seconds histogram')) withoutMetrics.push(name);
      }
      expect(withoutMetrics).toEqual([]);
    } finally {
      player.push?.close();
    }
  });

  it('closes a session’s websocket on gateway 2 at once when the player signs out through gateway 1', async () => {
    reportLogsOnFailure();
    const player = new Player(cluster, 'sign-out', 0);
    await player.signIn();
    const socket = new WebSocket(`${cluster.gatewayUrl(1).replace('http', 'ws')}/ws`);
    const messages: { type: string; code?: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as { type: string; code?: string }));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    try {
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      // Subscribed: gateway 2 has checked the session and serves the socket.
      socket.send(JSON.stringify({ type: 'auth', token: player.token }));
      socket.send(JSON.stringify({ type: 'subscribe', channel: `user:${player.userId}` }));
      await expect.poll(() => messages.some((m) => m.type === 'subscribed'), { timeout: 10_000 }).toBe(true);
      const signedOut = await fetch(`${cluster.gatewayUrl(0)}/api/v1/auth/logout`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${player.token}` },
      });
      expect(signedOut.status).toBe(200);
      // Without the announcement nothing would close it: the socket sends nothing, so it is never re-checked.
      expect(await Promise.race([closed, delay(10_000).then(() => 'still open')])).toBe(4401);
      expect(messages.at(-1)).toMatchObject({ type: 'error', code: 'unauthorized' });
    } finally {
      socket.close();
    }
  });

  it('(a) the ledger killed with SIGKILL mid-flight and restarted: nothing lost, nothing twice', async () => {
    reportLogsOnFailure();
    const ledger = cluster.process('ledger');
    const walker = new Player(cluster, 'ledger-kill-walk-away', 0);
    const [room, crazyRoom, race, arrived, arcade] = await Promise.all([
      roomFor('ledger-kill'),
      crazyFor('ledger-kill'),
      raceFor('ledger-kill', 3),
      Promise.all(playersFor('ledger-kill', (i) => i % 2).map((player) => arrive(cluster, player))),
      arcadeFor('ledger-kill'),
      walker.signIn(),
    ]);
    // the Crazy match is being played when the ledger dies (its moves need no ledger; its payout may meet it dead)
    const crazyPlayed = inFlight([playCrazy(crazyRoom)]);
    // as in (c): half under way when the ledger dies, half starting while it is dead; the duel's and the race's rooms
    // start while it is dead too, so their holds (entry fees, stakes) and the start's posting meet the dead ledger; the
    // first arcade player is playing when it dies, the second starts (pays its fees) while it is dead
    const underWay = arrived.slice(0, PLAYERS_PER_SCENARIO / 2).map((journey) => carryOn(cluster, journey));
    const arcadeUnderWay = runArcade(cluster, arcade[0]!, [playMines, playCodebreaker, playGeoSprint]);
    await delay(300);
    const fault = { from: Date.now(), to: Number.POSITIVE_INFINITY };
    await ledger.kill('SIGKILL');
    const startedWhileDead = arrived.slice(PLAYERS_PER_SCENARIO / 2).map((journey) => carryOn(cluster, journey));
    const travelling = inFlight([...underWay, ...startedWhileDead]);
    const arcadePlayed = inFlight([arcadeUnderWay, runArcade(cluster, arcade[1]!, [playCodebreaker, playMines, playGeoSprint])]);
    // a start the dead ledger is to charge, whose player never asks again: the engine must still settle it
    const walkedAway = walkAway(walker, 'mines');
    const roomPlayed = inFlight<unknown>([roomJourney(room, playDuel), roomJourney(race, racePlayed)]);
    await delay(2_000);
    ledger.start();
    await ledger.waitReady();
    fault.to = Date.now();
    try {
      const journeys = await travelling;
      await roomPlayed;
      await crazyPlayed;
      await arcadePlayed;
      console.log(`(a) ledger killed: the walk-away's start answered ${await walkedAway}`);
      printArcade('(a) ledger killed', arcade);
      await roomThroughFault('(a) ledger killed', room, fault);
      await roomThroughFault('(a) ledger killed', crazyRoom, fault);
      await roomThroughFault('(a) ledger killed', race, fault);
      // A command that met the dead ledger either timed out (504) or waited for the restarted one and succeeded; which
      // depends on how fast the ledger came back, so what must hold is that requests were under way meanwhile.
      interruptions('(a) ledger killed', [...journeys, ...arcade, ...roomPlayers(room, crazyRoom, race)]);
      expect(
        triesDuring([...journeys, ...roomPlayers(room, crazyRoom, race)], fault),
        'requests under way while the ledger was dead',
      ).toBeGreaterThan(0);
      expect(triesDuring(arcade, fault), 'arcade requests under way while the ledger was dead').toBeGreaterThan(0);
      await expectConsistent(cluster, [...journeys, ...arcade], [room, crazyRoom, race], '(a) ledger killed');
    } finally {
      closeAll([...arrived, ...arcade]);
      closeRoom(room);
      closeRoom(crazyRoom);
      closeRoom(race);
    }
  });

  it('(b) a gateway killed: requests move to the other gateway, and so do its websocket clients', async () => {
    reportLogsOnFailure();
    const doomed = cluster.process('gateway-2');
    // half the players send through gateway 2 (and follow pushes on gateway 1), half the other way round
    const [room, crazyRoom, race, journeys, arcade] = await Promise.all([
      roomFor('gateway-kill'),
      crazyFor('gateway-kill'),
      raceFor('gateway-kill', 2),
      Promise.all(playersFor('gateway-kill', (i) => i % 2).map((player) => arrive(cluster, player))),
      arcadeFor('gateway-kill'),
    ]);
    const followedOnDoomed = [...journeys, ...arcade].filter((j) => j.player.push!.gateway === 1);
    const commands = inFlight(
      journeys.map(async (journey, i) => {
        await delay(i * 200);
        await claimBonus(journey);
        await buyTokens(journey);
        await playHangmanToAWin(cluster, journey);
      }),
    );
    // one arcade player sends through the doomed gateway, the other follows its wallet there
    const arcadePlayed = inFlight([
      runArcade(cluster, arcade[0]!, [playGeoSprint, playMines, playCodebreaker]),
      runArcade(cluster, arcade[1]!, [playMines, playSumChaser, playCodebreaker]),
    ]);
    // the room's guest sends through the doomed gateway, the host follows its room and match there; in the Crazy
    // match the second player sends through it, the first and third follow there; in the race the same as the duel
    const roomPlayed = inFlight<unknown>([roomJourney(room, playDuel), roomJourney(race, racePlayed)]);
    const crazyPlayed = inFlight([playCrazy(crazyRoom)]);
    // The gateway dies once the Crazy match has made its first move, so the match is played through the fault (a fixed
    // delay let a fast run finish Crazy first), and the duel's room, set up meanwhile, too.
    await until(() => crazyRoom.moves > 0, 'the Crazy match under way');
    const fault = { from: Date.now(), to: Number.POSITIVE_INFINITY };
    await doomed.kill('SIGKILL');
    try {
      await commands;
      await roomPlayed;
      await crazyPlayed;
      await arcadePlayed;
      printArcade('(b) gateway killed', arcade);
      await roomThroughFault('(b) gateway killed', room, fault);
      await roomThroughFault('(b) gateway killed', crazyRoom, fault);
      await roomThroughFault('(b) gateway killed', race, fault);
      for (const journey of followedOnDoomed) expect(journey.player.push!.connections).toEqual([1, 0]);
      expect(room.followers.get(room.host.player.userId)!.connections, "the host's room websocket moved to gateway 1").toEqual([1, 0]);
      for (const journey of [...crazyRoom.players, ...race.players]) {
        const follower = (crazyRoom.followers.get(journey.player.userId) ?? race.followers.get(journey.player.userId))!;
        const expected = journey.player.gateway === 0 ? [1, 0] : [0];
        expect(follower.connections, `${journey.player.name}: its room websocket moved to gateway 1 if it was on gateway 2`).toEqual(
          expected,
        );
      }
      expect(
        interruptions('(b) gateway killed', [...journeys, ...arcade, ...roomPlayers(room, crazyRoom, race)]),
        'requests that met the dead gateway',
      ).toBeGreaterThan(0);
      // back again, it serves the same wallets as the one that stayed
      doomed.start();
      await doomed.waitReady();
      await expectConsistent(cluster, [...journeys, ...arcade], [room, crazyRoom, race], '(b) gateway killed');
    } finally {
      closeAll([...journeys, ...arcade]);
      closeRoom(room);
      closeRoom(crazyRoom);
      closeRoom(race);
      if (!doomed.running) {
        doomed.start();
        await doomed.waitReady();
      }
    }
  });

  it('(c) the broker stopped for 10 s and started again: commands wait or time out, then settle with their keys', async () => {
    reportLogsOnFailure();
    // the first arcade player's Math Sprint is started and answered first thing (a dozen right answers win it, and an
    // answer held up by the stop could find its minute over), then left to the server's clock, which ends it after the
    // stop
    const [room, crazyRoom, race, arrived, [timed, arcadeDuringStop], probes] = await Promise.all([
      roomFor('broker-stop'),
      crazyFor('broker-stop'),
      raceFor('broker-stop', 2),
      Promise.all(playersFor('broker-stop', (i) => i % 2).map((player) => arrive(cluster, player))),
      arcadeFor('broker-stop').then(
        async ([first, second]) =>
          [await runArcade(cluster, first!, [startMathSprint, answerMathSprint(MATH_SPRINT_ANSWERS)]), second!] as const,
      ),
      // one player per gateway who sends nothing until the broker is back
      Promise.all([0, 1].map((gateway) => arrive(cluster, new Player(cluster, `broker-stop-probe-${gateway + 1}`, gateway)))),
    ]);
    const arcade = [timed, arcadeDuringStop];
    // the room matches are started before the stop, so their moves and their payouts are what meets the broker down
    await Promise.all([setUpRoom(room), setUpRoom(race)]);
    // half the journeys are under way when the broker stops, the other half start while it is down, so some
    // commands surely meet it stopped however fast the machine is; so do the arcade players', and the race is raced
    // while it is down
    const underWay = arrived.slice(0, PLAYERS_PER_SCENARIO / 2).map((journey) => carryOn(cluster, journey));
    const timedPlayed = runArcade(cluster, timed, [playMines, playCodebreaker]);
    const roomPlayed = inFlight([playDuel(room)]);
    const crazyPlayed = inFlight([playCrazy(crazyRoom)]);
    await delay(300);
    const fault = { from: Date.now(), to: Number.POSITIVE_INFINITY };
    await cluster.stopBroker();
    const startedDuringStop = arrived.slice(PLAYERS_PER_SCENARIO / 2).map((journey) => carryOn(cluster, journey));
    const travelling = inFlight([...underWay, ...startedDuringStop]);
    const arcadePlayed = inFlight([timedPlayed, runArcade(cluster, arcadeDuringStop, [playCodebreaker, playSumChaser, playMines])]);
    const raced = inFlight([racePlayed(race)]);
    await delay(10_000);
    await cluster.startBroker();
    fault.to = Date.now();
    try {
      // A command sent as soon as the broker is back gets its outcome, not a timeout: the services and the gateways'
      // reply consumers are back in their groups well within the command timeout.
      const firstReplies = await Promise.all(probes.map((probe) => firstReplyAfterRestart(probe, fault.to)));
      console.log(
        `(c) broker stopped: a command sent once the broker was back answered ${firstReplies.map(({ gateway, status, seconds }) => `${status} through gateway ${gateway + 1} after ${seconds.toFixed(1)} s`).join(', ')}`,
      );
      expect(firstReplies.map(({ status }) => status)).toEqual([200, 200]);
      const journeys = await travelling;
      await roomPlayed;
      await crazyPlayed;
      await raced;
      await arcadePlayed;
      // the Math Sprints left to the clock: ended by the engine at their deadline, won, their rewards paid then
      await untilTheClockEndsThem(timed, 'won');
      printArcade('(c) broker stopped', arcade);
      await roomThroughFault('(c) broker stopped', room, fault);
      await roomThroughFault('(c) broker stopped', crazyRoom, fault);
      await roomThroughFault('(c) broker stopped', race, fault);
      expect(
        interruptions('(c) broker stopped', [...journeys, ...arcade, ...roomPlayers(room, crazyRoom, race)]),
        'commands that met the stopped broker',
      ).toBeGreaterThan(0);
      expect(triesDuring(arcade, fault), 'arcade requests under way while the broker was stopped').toBeGreaterThan(0);
      await expectConsistent(cluster, [...journeys, ...arcade], [room, crazyRoom, race], '(c) broker stopped');
      // every process is ready again
      for (const process of cluster.topology.processes) await process.waitReady(60_000);
    } finally {
      closeAll([...arrived, ...arcade, ...probes]);
      closeRoom(room);
      closeRoom(crazyRoom);
      closeRoom(race);
    }
  });
});

/** One try (no retry) at a command through the player's own gateway, and how long after `since` it answered. */
async function firstReplyAfterRestart(journey: Journey, since: number) {
  const { player } = journey;
  const answer = await player.request(player.gateway, 'POST', '/user/claim-daily-bonus', { key: randomUUID() });
  return { gateway: player.gateway, status: answer.status, seconds: (Date.now() - since) / 1000 };
}
