import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLoggedPlatform, type LoggedPlatform } from './support/logged-platform.ts';

/**
 * An operator follows one request through the logs by its correlation id: the caller's X-Request-Id (else a new
 * one, answered in X-Request-Id), on the gateway's lines of the request and on the lines the game engine writes
 * while it handles the request's command.
 */
let t: LoggedPlatform;
beforeAll(async () => {
  t = await startLoggedPlatform('qal-correlation-');
});
afterAll(async () => {
  await t?.close();
});

type Line = Record<string, unknown> & { msg?: string; service?: string; correlationId?: string };
const linesSince = (from: number): { raw: string; line: Line }[] =>
  t.lines.slice(from).map((raw) => ({ raw, line: JSON.parse(raw) as Line }));

it('puts the request’s correlation id on the lines of the request and on those of its command', async () => {
  const headers = await t.signIn('+251911445566');
  const from = t.lines.length;
  const correlationId = 'play-hangman-0001';
  const started = await t.qal.app.inject({
    method: 'POST',
    url: '/api/v1/games/hangman/play',
    headers: { ...headers, 'x-request-id': correlationId },
    payload: { language: 'en' },
  });
  expect(started.statusCode).toBe(200);
  expect(started.headers['x-request-id']).toBe(correlationId);

  const lines = linesSince(from);
  const messages = lines.filter(({ line }) => line.correlationId === correlationId).map(({ line }) => `${line.service}: ${line.msg}`);
  expect(messages).toEqual(
    expect.arrayContaining(['gateway: incoming request', 'services: hangman started', 'gateway: request completed']),
  );
  // the engine's line names the match of this request; no line carries the id twice (bound and mixed in)
  const engineLine = lines.find(({ line }) => line.msg === 'hangman started')?.line;
  expect(engineLine?.matchId).toBe((started.json().data as { matchId: string }).matchId);
  for (const { raw } of lines) expect(raw.split('"correlationId"').length, raw).toBeLessThanOrEqual(2);
});

it('gives a request without a usable X-Request-Id an id of its own', async () => {
  const from = t.lines.length;
  const answered = await t.qal.app.inject({ method: 'GET', url: '/api/v1/games', headers: { 'x-request-id': 'bad id\u0000with spaces' } });
  const id = answered.headers['x-request-id'];
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(linesSince(from).some(({ line }) => line.correlationId === id && line.msg === 'incoming request')).toBe(true);
});
