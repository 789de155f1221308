import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';

/** The browser's WebSocket, opened only when the test says so. */
class FakeWebSocket {
  static made: FakeWebSocket[] = [];
  static refuse = false;
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    if (FakeWebSocket.refuse) throw new SyntaxError('The URL is invalid');
    FakeWebSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
}

let authTest: { status: number; body: unknown };
const calls: string[] = [];

beforeAll(() => {
  vi.stubGlobal('WebSocket', FakeWebSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(url)}`);
      if (String(url).endsWith('/debug/auth-test')) return new Response(JSON.stringify(authTest.body), { status: authTest.status });
      return new Response(JSON.stringify({ success: true, data: { games: [] } }), { status: 200 });
    }),
  );
  authActor.start();
});
beforeEach(() => {
  authTest = { status: 200, body: { success: true, data: { ok: true } } };
  FakeWebSocket.made = [];
  FakeWebSocket.refuse = false;
  calls.length = 0;
});
afterEach(cleanup);

const renderAt = (path: string) => render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
const FIND = { timeout: 5000 };

describe('the websocket test pages', () => {
  it('open without login on the guest socket after the auth test, and show the connection as connected', async () => {
    renderAt('/test-websocket');
    const state = await screen.findByTestId('ws-state', {}, FIND);
    // The page shows its state at once; the socket opens after the auth test answers.
    await waitFor(() => expect(FakeWebSocket.made).toHaveLength(1), FIND);
    expect(calls).toContain('POST /api/v1/debug/auth-test');
    expect(FakeWebSocket.made.map((socket) => new URL(socket.url).pathname)).toEqual(['/ws/test']);
    expect(state.dataset.state).toBe('connecting');
    act(() => FakeWebSocket.made[0]?.onopen?.());
    expect(state.dataset.state).toBe('connected');
    expect(state.textContent).toBe('connected');
    expect(screen.getByText(/You are not signed in/)).toBeTruthy();
  });

  it("say 'Authentication failed' and open no socket when the auth test fails", async () => {
    authTest = { status: 500, body: { success: false, code: 'internal_error', message: 'Something went wrong' } };
    renderAt('/test-websocket-crazy');
    expect(await screen.findByText('Authentication failed', {}, FIND)).toBeTruthy();
    expect(screen.getByTestId('ws-state').dataset.state).toBe('closed');
    expect(FakeWebSocket.made).toEqual([]);
  });

  it('say in Amharic when the socket cannot be created, or closes', async () => {
    FakeWebSocket.refuse = true;
    renderAt('/am/test-websocket-simple');
    expect(await screen.findByText('የWebSocket ግንኙነቱን መጀመር አልተቻለም', {}, FIND)).toBeTruthy();
    cleanup();

    FakeWebSocket.refuse = false;
    renderAt('/am/test-crazy-websocket');
    await screen.findByTestId('ws-state', {}, FIND);
    await waitFor(() => expect(FakeWebSocket.made).toHaveLength(1), FIND);
    act(() => FakeWebSocket.made[0]?.onclose?.({ code: 1006 }));
    expect(screen.getByText('የWebSocket ግንኙነቱ አልተሳካም')).toBeTruthy();
    expect(screen.getByTestId('ws-state').textContent).toBe('ተዘግቷል');
  });

  it('are not found where the server has the test surface switched off', async () => {
    authTest = { status: 404, body: { success: false, code: 'not_found', message: 'Not found' } };
    renderAt('/test-websocket');
    expect(await screen.findByText('Page Not Found', {}, FIND)).toBeTruthy();
    expect(FakeWebSocket.made).toEqual([]);
  });
});
