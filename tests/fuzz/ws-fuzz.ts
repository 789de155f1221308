/**
 * The websocket property: a socket, signed in as a player or not, gets a few fuzzed frames one at a time. Each
 * frame is answered as the protocol says (pong, subscribed or an error naming the channel, a result with the
 * command's id, invalid_message for anything else), refused ones change nothing, and afterwards the socket still
 * answers a ping, unless a frame closed it with the code the protocol gives that frame.
 */
import { WS_CLOSE_POLICY, WS_CLOSE_UNAUTHORIZED, WS_LIMIT_CODES, type ClientMessage } from '@qal/events';
import fc from 'fast-check';
import type { WebSocket } from 'ws';
import { count, eventsSince, type FuzzHarness } from './harness.ts';
import { headerText } from './hostile.ts';
import { socketMessageProblems, stateProblems, type AnswerExpectation, type Lang, type SocketAnswer } from './invariants.ts';
import { closeSocket, openSocket, openSocketWithTokenInUrl, type OpenSocket } from './ws-connect.ts';
import { describeFrame, expectationOf, framesFor, WS_FRAME_LIMIT_BYTES, type Frame, type FrameTargets } from './ws-frames.ts';

/** Long enough for a command that starts a game on a busy 2-core machine; an answer later than this is a failure. */
const ANSWER_TIMEOUT_MS = 10_000;
/** Frames per socket: enough for a subscribe, a command and a broken frame in one life. */
const MAX_FRAMES_PER_RUN = 5;
/** A token that is none, kept short enough that its `auth` frame stays under the frame limit. */
const MAX_GARBAGE_TOKEN = 1_000;

type SocketAuth =
  | { readonly kind: 'player'; readonly slot: number }
  /** No `auth` frame: the fuzzed frames come first. */
  | { readonly kind: 'none' }
  | { readonly kind: 'garbage'; readonly token: string }
  /** A player's real token, but in the URL. */
  | { readonly kind: 'token-in-url'; readonly slot: number };

interface SocketRun {
  readonly auth: SocketAuth;
  readonly language: { readonly header: string | undefined; readonly asks: Lang | null };
  readonly frames: readonly Frame[];
}

const LANGUAGES = [
  [undefined, null],
  ['am', 'am'],
  ['en', 'en'],
  ['am-ET,en;q=0.5', 'am'],
  ['fr', null],
] as const;

export function socketRuns(targets: FrameTargets, players: number): fc.Arbitrary<SocketRun> {
  const auth = fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0, max: players - 1 }).map((slot): SocketAuth => ({ kind: 'player', slot })) },
    { weight: 1, arbitrary: fc.constant<SocketAuth>({ kind: 'none' }) },
    { weight: 1, arbitrary: headerText.map((text): SocketAuth => ({ kind: 'garbage', token: text.slice(0, MAX_GARBAGE_TOKEN) })) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: players - 1 }).map((slot): SocketAuth => ({ kind: 'token-in-url', slot })) },
  );
  const language = fc.constantFrom(...LANGUAGES).map(([header, asks]) => ({ header, asks }));
  return fc.record({ auth, language, frames: fc.array(framesFor(targets), { minLength: 1, maxLength: MAX_FRAMES_PER_RUN }) }).map((run) =>
    Object.defineProperty(run, fc.toStringMethod, {
      value: () =>
        `${JSON.stringify(run.auth)} ${run.language.header ?? '(no accept-language)'}: ${run.frames.map(describeFrame).join(' | ')}`,
    }),
  );
}

const send = (socket: WebSocket, frame: Frame) =>
  frame.kind === 'text' ? socket.send(frame.text) : socket.send(frame.bytes, { binary: frame.kind === 'binary' });

const isMessage = (answer: SocketAnswer | 'silent', type: string): answer is { kind: 'message'; message: { type: string } } =>
  answer !== 'silent' && answer.kind === 'message' && (answer.message as { type?: unknown } | null)?.type === type;

/** Problems with the answer to a message the protocol accepts (`message`) or refuses (null). */
function answerProblems(message: ClientMessage | null, answer: SocketAnswer | 'silent'): string[] {
  if (answer === 'silent') return ['no answer'];
  if (answer.kind === 'closed') return [`the socket closed with ${answer.code}`];
  const got = answer.message as { type?: unknown; id?: unknown; channel?: unknown; code?: unknown };
  const shown = JSON.stringify(got).slice(0, 300);
  // A second `auth` on a signed-in socket is refused like a message that is none.
  if (!message || message.type === 'auth')
    return got.type === 'error' && got.code === 'invalid_message' ? [] : [`a refused message answered ${shown}`];
  if (message.type === 'ping') return got.type === 'pong' ? [] : [`ping answered ${shown}`];
  if (message.type === 'unsubscribe')
    return got.type === 'unsubscribed' && got.channel === message.channel ? [] : [`unsubscribe answered ${shown}`];
  if (message.type === 'subscribe')
    return (got.type === 'subscribed' || got.type === 'error') && got.channel === message.channel ? [] : [`subscribe answered ${shown}`];
  return got.type === 'result' && got.id === message.id ? [] : [`command ${message.id} answered ${shown}`];
}

/** Error codes after which the server closes the socket, and the close code each is documented with. */
function documentedCloseAfter(code: unknown): number | null {
  if (code === 'unauthorized' || code === 'ws_token_in_url') return WS_CLOSE_UNAUTHORIZED;
  return (WS_LIMIT_CODES as readonly unknown[]).includes(code) ? WS_CLOSE_POLICY : null;
}

type Exchange = { readonly closed: boolean; readonly problems: string[] };

/** An error that announces a close: the close must follow, with its documented code. */
async function closingError(socket: OpenSocket, answer: SocketAnswer | 'silent', expected: AnswerExpectation): Promise<Exchange | null> {
  if (!isMessage(answer, 'error')) return null;
  const closeCode = documentedCloseAfter((answer.message as { code?: unknown }).code);
  if (closeCode === null) return null;
  const problems = socketMessageProblems(answer.message, expected);
  const next = await socket.reader.next(ANSWER_TIMEOUT_MS);
  if (next === 'silent' || next.kind !== 'closed' || next.code !== closeCode)
    problems.push(`${JSON.stringify(answer.message)} was not followed by close ${closeCode}: ${JSON.stringify(next)}`);
  return { closed: true, problems };
}

/** Sends one frame and checks its answer; says whether the socket is now closed. */
async function exchange(h: FuzzHarness, socket: OpenSocket, frame: Frame, expected: AnswerExpectation, slot: number): Promise<Exchange> {
  const expectation = expectationOf(frame);
  const before = await h.state();
  send(socket.socket, frame);
  if (expectation.kind === 'silence') return { closed: false, problems: [] };
  const answer = await socket.reader.next(ANSWER_TIMEOUT_MS);
  if (expectation.kind === 'close') {
    const code = answer !== 'silent' && answer.kind === 'closed' ? answer.code : null;
    return {
      closed: true,
      problems: code === expectation.code ? [] : [`expected close ${expectation.code}, got ${JSON.stringify(answer)}`],
    };
  }
  const closing = await closingError(socket, answer, expected);
  if (closing) return closing;
  const problems = answerProblems(expectation.message, answer);
  if (answer !== 'silent' && answer.kind === 'message') problems.push(...socketMessageProblems(answer.message, expected));
  const refused = isMessage(answer, 'error') || (isMessage(answer, 'result') && (answer.message as { ok?: unknown }).ok === false);
  count(h, refused ? 'ws refused' : 'ws answered');
  if (refused) {
    const changed = stateProblems(before, await h.state());
    if (changed.length > 0) problems.push(...changed, `appended: ${(await eventsSince(h, before.head)).join(', ')}`);
  } else if (isMessage(answer, 'result')) {
    await h.refreshPlayer(slot);
    await h.settle();
  }
  return { closed: answer !== 'silent' && answer.kind === 'closed', problems };
}

const upgradeHeaders = (run: SocketRun): Record<string, string> =>
  run.language.header === undefined ? {} : { 'accept-language': run.language.header };

/**
 * A socket without a session (no `auth` first, a token that is none, or a token in the URL): whatever it sends, it
 * is told why and closed with 4401, and nothing changes.
 */
async function refusedSocket(h: FuzzHarness, run: SocketRun, auth: Exclude<SocketAuth, { kind: 'player' }>): Promise<string[]> {
  const before = await h.state();
  const socket =
    auth.kind === 'token-in-url'
      ? await openSocketWithTokenInUrl(h.wsBase, h.players[auth.slot]!.token)
      : await openSocket(h.wsBase, auth.kind === 'garbage' ? auth.token : undefined, upgradeHeaders(run));
  // Frames the server reads as text (binary ones wait for `auth`; oversized ones close the socket first).
  const texts = run.frames.filter((frame) => frame.kind === 'text' && Buffer.byteLength(frame.text) <= WS_FRAME_LIMIT_BYTES);
  for (const frame of texts.length > 0 ? texts : [{ kind: 'text' as const, text: '{}' }]) send(socket.socket, frame);
  const languages = auth.kind === 'token-in-url' ? ['en' as const] : [run.language.asks ?? 'en'];
  const expected: AnswerExpectation = { languages, codes: h.codes, hasBody: true, envelopeOnSuccess: false };
  const first = await socket.reader.next(ANSWER_TIMEOUT_MS);
  const closing = await closingError(socket, first, expected);
  const problems = closing ? closing.problems : [`a socket without a session was answered ${JSON.stringify(first)}`];
  problems.push(...stateProblems(before, await h.state()));
  await closeSocket(socket.socket);
  return problems;
}

export async function socketRunProblems(h: FuzzHarness, run: SocketRun): Promise<string[]> {
  if (run.auth.kind !== 'player') return refusedSocket(h, run, run.auth);
  const slot = run.auth.slot;
  const player = h.players[slot]!;
  const socket = await openSocket(h.wsBase, player.token, upgradeHeaders(run));
  const expected: AnswerExpectation = {
    languages: [run.language.asks ?? player.language],
    codes: h.codes,
    hasBody: true,
    envelopeOnSuccess: false,
  };
  try {
    for (const [index, frame] of run.frames.entries()) {
      const { closed, problems } = await exchange(h, socket, frame, expected, slot);
      if (problems.length > 0) return problems.map((problem) => `frame ${index + 1} (${describeFrame(frame)}): ${problem}`);
      if (closed) return [];
    }
    socket.socket.send(JSON.stringify({ type: 'ping' }));
    const last = await socket.reader.next(ANSWER_TIMEOUT_MS);
    return isMessage(last, 'pong') ? [] : [`the socket no longer answers a ping: ${JSON.stringify(last)}`];
  } finally {
    await closeSocket(socket.socket);
  }
}

export function socketProperty(h: FuzzHarness, targets: FrameTargets) {
  return fc.asyncProperty(socketRuns(targets, h.players.length), async (run) => {
    const problems = await socketRunProblems(h, run);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
}
