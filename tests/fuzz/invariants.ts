/**
 * What must hold whatever a client sends, as pure checks that list the problems they see (none: it holds).
 * HTTP: never a 5xx; a refusal is the failure envelope `{success:false, code, message, data?}` with a documented
 * code and the message in the language asked for. Websocket: answers follow the protocol's schemas; a refusal is an
 * `error` or a failed `result` with its message in the socket's language; nothing is an internal error. Both: a
 * refusal leaves the event store and the ledger as they were.
 */
import { isDeepStrictEqual } from 'node:util';
import { ServerMessage } from '@qal/events';
import { z } from 'zod';

export type Lang = 'en' | 'am';

const ETHIOPIC = /[\u1200-\u137f]/;
/** The messages are English or Amharic, and only the Amharic ones are written in Ethiopic. */
export const languageOf = (message: string): Lang => (ETHIOPIC.test(message) ? 'am' : 'en');

const FailureEnvelope = z.strictObject({
  success: z.literal(false),
  code: z.string().min(1),
  message: z.string().min(1),
  data: z.record(z.string(), z.unknown()).optional(),
});
const SuccessEnvelope = z.strictObject({ success: z.literal(true), data: z.unknown(), message: z.string().optional() });

/** The rejection a 5xx stands for over the socket. */
const INTERNAL_CODES = new Set(['internal_error']);

export interface HttpAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
}

export interface AnswerExpectation {
  /** The languages the message may be in (one when Accept-Language named a supported one). */
  readonly languages: readonly Lang[];
  /** The failure envelope's documented codes. */
  readonly codes: ReadonlySet<string>;
  /** A HEAD answer has no body to check. */
  readonly hasBody: boolean;
  /** /api/v1 answers wrap success in `{success: true, data}` too. */
  readonly envelopeOnSuccess: boolean;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function messageProblems(what: string, code: string, message: string, expected: AnswerExpectation): string[] {
  const problems: string[] = [];
  if (!expected.codes.has(code)) problems.push(`${what} code ${JSON.stringify(code)} is not a documented rejection`);
  if (!expected.languages.includes(languageOf(message)))
    problems.push(`${what} message ${JSON.stringify(message)} is not in ${expected.languages.join(' or ')}`);
  return problems;
}

export function httpAnswerProblems(answer: HttpAnswer, expected: AnswerExpectation): string[] {
  if (answer.status >= 500) return [`answered ${answer.status}: ${answer.body.slice(0, 500)}`];
  const isJson = (answer.contentType ?? '').startsWith('application/json');
  if (answer.status < 400) {
    if (!expected.envelopeOnSuccess || !expected.hasBody || !isJson) return [];
    const parsed = parseJson(answer.body);
    return parsed.ok && SuccessEnvelope.safeParse(parsed.value).success ? [] : [`a ${answer.status} outside the success envelope`];
  }
  if (!expected.hasBody) return [];
  if (!isJson) return [`a ${answer.status} answered as ${answer.contentType ?? 'no content type'}, not the JSON failure envelope`];
  const parsed = parseJson(answer.body);
  const envelope = parsed.ok ? FailureEnvelope.safeParse(parsed.value) : null;
  if (!envelope?.success) return [`a ${answer.status} outside the failure envelope: ${answer.body.slice(0, 500)}`];
  return messageProblems('the envelope’s', envelope.data.code, envelope.data.message, expected);
}

/** A socket's answer to one message: a server message, or the socket closing. */
export type SocketAnswer = { readonly kind: 'message'; readonly message: unknown } | { readonly kind: 'closed'; readonly code: number };

export function socketMessageProblems(raw: unknown, expected: AnswerExpectation): string[] {
  const parsed = ServerMessage.safeParse(raw);
  if (!parsed.success) return [`a server message outside the protocol: ${JSON.stringify(raw).slice(0, 300)}`];
  const message = parsed.data;
  if (message.type === 'error') {
    const problems = messageProblems('the error’s', message.code, message.message, expected);
    return INTERNAL_CODES.has(message.code) ? [`an internal error: ${JSON.stringify(message)}`, ...problems] : problems;
  }
  if (message.type === 'result' && !message.ok) {
    if (!message.code || !message.message) return [`a failed result without code and message: ${JSON.stringify(message)}`];
    const problems = messageProblems('the result’s', message.code, message.message, expected);
    return INTERNAL_CODES.has(message.code) ? [`an internal error: ${JSON.stringify(message)}`, ...problems] : problems;
  }
  return [];
}

/** What a refusal must not change: the store's head and the ledger's totals per kind of account. */
export interface PlatformState {
  readonly head: string;
  readonly ledger: Readonly<Record<string, { balance: number; held: number; pendingCredit: number; accounts: number }>>;
}

export function stateProblems(before: PlatformState, after: PlatformState): string[] {
  const problems: string[] = [];
  if (before.head !== after.head) problems.push(`the event store moved from ${before.head} to ${after.head}`);
  if (!isDeepStrictEqual(before.ledger, after.ledger))
    problems.push(`the ledger's totals changed from ${JSON.stringify(before.ledger)} to ${JSON.stringify(after.ledger)}`);
  return problems;
}
