import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, apiRequestsInFlight, createApiClient, onApiRequestsSettled } from './api-client.ts';

function client(response: { status: number; body: unknown }, token: string | null = 'tok') {
  const calls: { url: string; init: RequestInit }[] = [];
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    getToken: () => token,
    getLanguage: () => 'am',
    onUnauthorized,
    fetch: async (url, init) => {
      calls.push({ url: String(url), init: init ?? {} });
      return new Response(JSON.stringify(response.body), { status: response.status });
    },
  });
  return { api, calls, onUnauthorized };
}

const header = (init: RequestInit, name: string) => new Headers(init.headers).get(name);

describe('api client', () => {
  it('sends the bearer token, the language and the idempotency key, and unwraps data', async () => {
    const { api, calls } = client({ status: 200, body: { success: true, data: { n: 1 } } });
    const data = await api.request('/user/claim-daily-bonus', z.object({ n: z.number() }), {
      method: 'POST',
      idempotencyKey: 'k-1',
    });
    expect(data).toEqual({ n: 1 });
    expect(calls[0]?.url).toBe('/api/v1/user/claim-daily-bonus');
    expect(header(calls[0]!.init, 'Authorization')).toBe('Bearer tok');
    expect(header(calls[0]!.init, 'Accept-Language')).toBe('am');
    expect(header(calls[0]!.init, 'Idempotency-Key')).toBe('k-1');
  });

  it('turns a failure envelope into an ApiError with the server code and message', async () => {
    const { api } = client({
      status: 429,
      body: { success: false, code: 'otp_resend_too_soon', message: 'ቆይተው ይሞክሩ', data: { retryAfterSec: 30 } },
    });
    const error = await api.request('/auth/send-otp', z.unknown(), { method: 'POST', auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'otp_resend_too_soon', message: 'ቆይተው ይሞክሩ' });
  });

  it('reports a 401 on an authenticated call as an expired session', async () => {
    const { api, onUnauthorized } = client({ status: 401, body: { success: false, code: 'unauthorized', message: 'x' } });
    await expect(api.request('/user', z.unknown())).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('does not treat a wrong one-time code (401 without a session) as an expired session', async () => {
    const { api, onUnauthorized, calls } = client(
      { status: 401, body: { success: false, code: 'otp_incorrect', message: 'Incorrect code' } },
      'tok',
    );
    await expect(api.request('/auth/verify-otp', z.unknown(), { method: 'POST', auth: false })).rejects.toMatchObject({
      code: 'otp_incorrect',
    });
    expect(header(calls[0]!.init, 'Authorization')).toBeNull();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("refuses locally with 'Not authenticated' when a call needs a session and there is none", async () => {
    const { api, calls } = client({ status: 200, body: { success: true, data: {} } }, null);
    await expect(api.request('/user', z.unknown(), { method: 'PUT', requireSession: true })).rejects.toMatchObject({
      code: 'not_authenticated',
    });
    expect(calls).toHaveLength(0);
  });

  it('counts the requests under way and says when the last one is answered, failed or not', async () => {
    const answers: Array<(response: Response) => void> = [];
    const api = createApiClient({
      getToken: () => null,
      getLanguage: () => 'en',
      onUnauthorized: () => {},
      fetch: () => new Promise<Response>((resolve) => answers.push(resolve)),
    });
    const settled = vi.fn();
    const stop = onApiRequestsSettled(settled);
    const first = api.request('/games', z.unknown());
    const second = api.request('/games/hangman/options', z.unknown()).catch((error: unknown) => error);
    expect(apiRequestsInFlight()).toBe(2);

    answers[0]!(new Response(JSON.stringify({ success: true, data: {} }), { status: 200 }));
    await first;
    expect(apiRequestsInFlight()).toBe(1);
    expect(settled).not.toHaveBeenCalled();

    answers[1]!(new Response(JSON.stringify({ success: false, code: 'rate_limited' }), { status: 429 }));
    expect(await second).toBeInstanceOf(ApiError);
    expect(apiRequestsInFlight()).toBe(0);
    expect(settled).toHaveBeenCalledOnce();
    stop();
  });
});
