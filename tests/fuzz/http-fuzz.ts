/**
 * The HTTP property of one operation: whatever request is sent, the answer is not a 5xx; a refusal is the failure
 * envelope with a documented code and its message in the language asked for; and a refusal leaves the event
 * store's head and the ledger's totals as they were. Requests go through app.inject, as the gateway's tests do.
 */
import fc from 'fast-check';
import type { OperationSpec } from './api-document.ts';
import { count, eventsSince, type FuzzHarness } from './harness.ts';
import { requestsFor, type FuzzRequest } from './http-requests.ts';
import { httpAnswerProblems, stateProblems, type Lang } from './invariants.ts';

const API_PREFIX = '/api/v1/';

export async function requestProblems(h: FuzzHarness, request: FuzzRequest): Promise<string[]> {
  const slot = request.auth.kind === 'player' ? request.auth.slot : null;
  const player = slot === null ? undefined : h.players[slot];
  const authorization = player ? `Bearer ${player.token}` : request.auth.kind === 'garbage' ? request.auth.value : undefined;
  const before = await h.state();
  const answer = await h.platform.app.inject({
    method: request.method,
    url: request.url,
    headers: { ...request.headers, ...(authorization === undefined ? {} : { authorization }) },
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    remoteAddress: request.remoteAddress,
  });
  count(h, `http ${Math.floor(answer.statusCode / 100)}xx`);
  // Without a language it speaks in Accept-Language, the API falls back to the player's, or English.
  const languages: Lang[] = request.language.asks ? [request.language.asks] : [...new Set<Lang>(['en', player?.language ?? 'en'])];
  const problems = httpAnswerProblems(
    { status: answer.statusCode, contentType: answer.headers['content-type']?.toString(), body: answer.body },
    { languages, codes: h.codes, hasBody: request.method !== 'HEAD', envelopeOnSuccess: request.url.startsWith(API_PREFIX) },
  );
  if (answer.statusCode >= 400) {
    const changed = stateProblems(before, await h.state());
    if (changed.length > 0)
      problems.push(`refused with ${answer.body.slice(0, 200)}`, ...changed, `appended: ${(await eventsSince(h, before.head)).join(', ')}`);
  } else {
    if (slot !== null) await h.refreshPlayer(slot);
    await h.settle();
  }
  return problems;
}

export function operationProperty(h: FuzzHarness, operation: OperationSpec) {
  return fc.asyncProperty(requestsFor(operation, h.fixtures.ids, h.players.length), async (request) => {
    const problems = await requestProblems(h, request);
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
}
