import { data } from 'react-router';
import * as z from 'zod/mini';
import { ApiError, api } from '../../lib/api-client.ts';

const AuthTestAnswer = z.object({ ok: z.literal(true) });

export type TestPageData = { readonly authTest: 'ok' | 'failed' };

/**
 * Before a test page opens a socket: POST /debug/auth-test. A 404 means the server has the test surface switched off,
 * so the page is not found here either (the server already answers 404 when the page itself is loaded); any other
 * failure is shown as 'Authentication failed', and no connection is made.
 */
export async function testPageLoader(): Promise<TestPageData> {
  try {
    await api.request('/debug/auth-test', AuthTestAnswer, { method: 'POST', body: {}, auth: false });
    return { authTest: 'ok' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    return { authTest: 'failed' };
  }
}
