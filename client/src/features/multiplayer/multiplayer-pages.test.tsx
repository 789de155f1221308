import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../app/routes.tsx';
import { authActor } from '../../lib/auth/auth-live.ts';
import { writeStoredSession } from '../../lib/auth/session-storage.ts';
import { aUser } from '../../testing/fixtures.ts';
import { aDuel, aRoom } from '../../testing/room-fixtures.ts';
import type { DuelView, RoomView } from '../../lib/rooms/rooms-api.ts';

const options = {
  cost: 9,
  dailyPlayLimit: 20,
  languages: [
    { language: 'en', categories: [], difficulties: [], keys: ['a', 'b', 'c'] },
    {
      language: 'am',
      categories: [],
      difficulties: [],
      keys: ['ሀ', 'ለ'],
      families: [
        { key: 'ሀ', soundAlikes: ['ሐ', 'ኀ'], fidel: ['ሀ', 'ሁ', 'ሐ', 'ኀ'] },
        { key: 'ለ', soundAlikes: [], fidel: ['ለ', 'ሉ'] },
      ],
    },
  ],
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let room: RoomView = aRoom();
let match: DuelView | null = null;
/** A refusal for the next join, as the gateway sends it. */
let joinRefusal: { code: string; message: string } | null = null;

function answer(method: string, path: string): unknown {
  if (path === '/user') return aUser({ id: 'u-2', name: 'Sara' });
  if (path === '/games/hangman/options') return options;
  // The bank's spelling for any spelling of the same sounds (the server folds them).
  if (path.startsWith('/duel/words?')) return { words: ['ሣር', 'ሣሮች'] };
  if (path === '/games')
    return {
      games: [
        { slug: 'hangman', category: 'word', title: 'Hangman', cost: 9, multiplayer: false },
        { slug: 'crazy', category: 'card', title: 'Crazy', cost: 15, multiplayer: true },
      ],
      categories: [],
    };
  if (path === '/rooms?mine=1') return { rooms: [room] };
  if (path === '/rooms' && method === 'GET') return { rooms: [aRoom({ code: 'XYZ789', roomName: 'Open words' })] };
  if (path === '/rooms' && method === 'POST') return { room: aRoom({ code: 'NEW234' }) };
  if (path === `/rooms/${room.code}` && method === 'GET') return { room, match };
  if (path.startsWith(`/rooms/${room.code}/`)) return { room };
  if (path.startsWith('/matches/m-1/moves')) return { view: match };
  if (path === '/invitations') return { invitations: [] };
  if (path.startsWith('/matches?mine=1'))
    return {
      items: [
        {
          matchId: 'm-1',
          roomCode: 'ABC234',
          roomName: 'Friday words',
          game: 'hangman',
          finishedAt: '2026-03-02T06:05:00.000Z',
          result: 'won',
          score: 60,
          tokens: 18,
          players: [
            { id: 'u-2', score: 60, name: 'Sara', username: 'sara', avatar: null, badge: null },
            { id: 'u-1', score: 10, name: 'Abebe', username: 'abebe', avatar: null, badge: null },
          ],
        },
      ],
      nextCursor: null,
    };
  if (path === '/matches/m-1/replay')
    return {
      kind: 'duel',
      matchId: 'm-1',
      roomCode: 'ABC234',
      final: aDuel({ status: 'finished', phase: 'finished', slots: ['c', 'a', 'b'], guessed: ['a', 'b', 'c'], word: 'cab' }),
      steps: [
        { index: 0, kind: 'start', event: 'DuelStarted', at: '2026-03-02T06:00:00.000Z', view: aDuel({ phase: 'setting', slots: null }) },
        {
          index: 1,
          kind: 'set_word',
          event: 'WordSet',
          at: '2026-03-02T06:00:05.000Z',
          playerId: 'u-1',
          word: 'cab',
          view: aDuel({ slots: [null, null, null], word: 'cab' }),
        },
        {
          index: 2,
          kind: 'guess',
          event: 'LetterGuessed',
          at: '2026-03-02T06:00:09.000Z',
          playerId: 'u-2',
          letter: 'a',
          hit: true,
          view: aDuel({ slots: [null, 'a', null], guessed: ['a'], word: 'cab' }),
        },
      ],
    };
  throw new Error(`unexpected ${method} ${path}`);
}

beforeAll(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(url).replace(/^\/api\/v1/, '');
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (path.endsWith('/join') && joinRefusal) {
        const refusal = joinRefusal;
        joinRefusal = null;
        return new Response(JSON.stringify({ success: false, ...refusal }), { status: 422 });
      }
      try {
        return new Response(JSON.stringify({ success: true, data: answer(method, path) }), { status: 200 });
      } catch {
        return new Response(JSON.stringify({ success: false, code: 'not_found', message: 'Not found' }), { status: 404 });
      }
    }),
  );
  writeStoredSession(localStorage, { token: 't', user: aUser({ id: 'u-2', name: 'Sara' }), authenticatedAt: Date.now() });
  authActor.start();
});

beforeEach(() => {
  calls = [];
  room = aRoom();
  match = null;
  joinRefusal = null;
});
afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
const find = { timeout: 15_000 };

// Page tests load lazy chunks and translations; other helpers share the 2 cores, so allow more than 5 s.
describe('multiplayer pages', { timeout: 30_000 }, () => {
  it('lobby: lists rooms, upper-cases a typed code and checks the create form inline', async () => {
    const router = renderAt('/multiplayer');
    expect(await screen.findByRole('heading', { name: 'Multiplayer' }, find)).toBeTruthy();
    expect(await screen.findByText('Open words', {}, find)).toBeTruthy();
    const code = screen.getByLabelText('Room code') as HTMLInputElement;
    fireEvent.change(code, { target: { value: 'abc 2o' } });
    expect(code.value).toBe('ABC2O');
    fireEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Room codes never use 0, O, 1 or I.', {}, find)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Entry fee (tokens)'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create room' }));
    expect(await screen.findByText('Give the room a name.', {}, find)).toBeTruthy();
    expect(screen.getByText('The entry fee must be at least 9 tokens.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Room name'), { target: { value: 'Friday words' } });
    fireEvent.change(screen.getByLabelText('Entry fee (tokens)'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/multiplayer/room/NEW234'), find);
    expect(calls.find((c) => c.method === 'POST' && c.path === '/rooms')?.body).toMatchObject({
      roomName: 'Friday words',
      entryFee: 10,
      game: 'hangman',
      language: 'en',
    });
  });

  it('waiting room: players with status and badge, ready, and why the game cannot start yet', async () => {
    renderAt('/multiplayer/room/ABC234');
    expect(await screen.findByRole('heading', { name: 'Friday words' }, find)).toBeTruthy();
    expect(screen.getAllByTestId('room-player')).toHaveLength(2);
    expect(screen.getByTestId('badge-ras')).toBeTruthy();
    expect(screen.getByText('Waiting for 2 players to get ready')).toBeTruthy();
    expect(screen.queryByTestId('room-prize')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start game' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "I'm ready" }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/rooms/ABC234/ready')).toBe(true), find);
  });

  it('waiting room: shows the prize before the start, in English and Amharic', async () => {
    room = aRoom({ prize: 16 });
    renderAt('/multiplayer/room/ABC234');
    expect((await screen.findByTestId('room-prize', {}, find)).textContent).toBe('Prize: 16 tokens');
    cleanup();
    renderAt('/am/multiplayer/room/ABC234');
    // The Amharic translations load after the first paint: wait for them.
    expect((await screen.findByText('ሽልማት፦ 16 ቶከን', {}, find)).getAttribute('data-testid')).toBe('room-prize');
  });

  it('waiting room: answers an open bet and shows the pot', async () => {
    room = aRoom({
      bet: {
        proposalId: 'b-1',
        amount: 10,
        proposedBy: 'u-1',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
        acceptedBy: ['u-1'],
        status: 'proposed',
        pot: 20,
        proposedByName: 'Abebe',
      },
    });
    renderAt('/multiplayer/room/ABC234');
    expect(await screen.findByText('Stakes in the pot: 20 tokens', {}, find)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept bet' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/rooms/ABC234/bets/respond')?.body).toEqual({ accept: true }), find);
  });

  it('the duel: on my turn the keyboard guesses; scores and lives are shown', async () => {
    room = aRoom({ status: 'in_progress', players: aRoom().players.map((p) => ({ ...p, status: 'playing' as const })) });
    match = aDuel({ turnDeadline: new Date(Date.now() + 30_000).toISOString() });
    renderAt('/multiplayer/game/ABC234');
    expect(await screen.findByText('Your turn to guess', {}, find)).toBeTruthy();
    expect(screen.getByTestId('lives-left').textContent).toBe('7 shared lives left');
    expect(screen.getAllByTestId('score-row')).toHaveLength(2);
    const key = await screen.findByRole('button', { name: 'A' }, find);
    await act(async () => fireEvent.click(key));
    await waitFor(() => expect(calls.find((c) => c.path === '/matches/m-1/moves')?.body).toEqual({ type: 'guess', letter: 'a' }), find);
  });

  it('the duel: the setter gets the set-word form with the language rules', async () => {
    room = aRoom({ status: 'in_progress', language: 'am' });
    match = aDuel({ language: 'am', phase: 'setting', setterId: 'u-2', currentPlayerId: 'u-2', slots: null });
    renderAt('/am/multiplayer/game/ABC234');
    const input = await screen.findByLabelText('ሚስጥራዊ ቃል', {}, find);
    expect(screen.getByText(/በግዕዝ ፊደል/)).toBeTruthy();
    fireEvent.change(input, { target: { value: 'ቡና' } });
    fireEvent.click(screen.getByRole('button', { name: 'ቃሉን ያስገቡ' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/matches/m-1/moves')?.body).toEqual({ type: 'set_word', word: 'ቡና' }), find);
  });

  it('the duel: the setter is offered words from the list as they type, and picking one fills the field', async () => {
    room = aRoom({ status: 'in_progress', language: 'am' });
    match = aDuel({ language: 'am', phase: 'setting', setterId: 'u-2', currentPlayerId: 'u-2', slots: null });
    renderAt('/am/multiplayer/game/ABC234');
    const input = (await screen.findByLabelText('ሚስጥራዊ ቃል', {}, find)) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'ሳር' } });
    const suggestions = await screen.findByRole('group', { name: 'ከጨዋታው የቃላት ዝርዝር' }, find);
    expect(calls.some((c) => c.path === `/duel/words?lang=am&prefix=${encodeURIComponent('ሳር')}`)).toBe(true);
    fireEvent.click(within(suggestions).getByRole('button', { name: 'ሣር' }));
    expect(input.value).toBe('ሣር');
    fireEvent.click(screen.getByRole('button', { name: 'ቃሉን ያስገቡ' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/matches/m-1/moves')?.body).toEqual({ type: 'set_word', word: 'ሣር' }), find);
  });

  it('the duel in Amharic: a key shows its sound-alikes, and a Latin letter typed on a physical keyboard guesses its sound', async () => {
    room = aRoom({ status: 'in_progress', language: 'am', players: aRoom().players.map((p) => ({ ...p, status: 'playing' as const })) });
    match = aDuel({ language: 'am', turnDeadline: new Date(Date.now() + 30_000).toISOString() });
    renderAt('/am/multiplayer/game/ABC234');
    const ha = await screen.findByRole('button', { name: 'ሀ (ሐ እና ኀ ጭምር)' }, find);
    await waitFor(() => expect(ha.getAttribute('aria-disabled')).toBeNull(), find);
    await act(async () => fireEvent.keyDown(window, { key: 'l' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/matches/m-1/moves')?.body).toEqual({ type: 'guess', letter: 'ለ' }), find);
  });

  it('home: a multiplayer-only game opens the lobby, a single-player one its own page', async () => {
    renderAt('/');
    const crazy = await screen.findByRole('link', { name: /Crazy/ }, find);
    expect(crazy.getAttribute('href')).toBe('/multiplayer');
    expect(screen.getByRole('link', { name: /Hangman/ }).getAttribute('href')).toBe('/hangman');
  });

  it('join: asks for the password of a private room and shows the server message for a wrong one', async () => {
    room = aRoom({ private: true, players: [aRoom().players[0]!] });
    const router = renderAt('/multiplayer/join/abc234');
    const password = await screen.findByLabelText('Room password', {}, find);
    joinRefusal = { code: 'invalid_password', message: 'Invalid password' };
    fireEvent.change(password, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join room' }));
    expect(await screen.findByText('Invalid password', {}, find)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Room password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/multiplayer/room/ABC234'), find);
    expect(calls.filter((c) => c.path === '/rooms/ABC234/join').map((c) => c.body)).toEqual([
      { password: 'nope' },
      { password: 'secret1' },
    ]);
  });

  it('join: too many wrong passwords keeps the password form, with the server message', async () => {
    room = aRoom({ private: true, players: [aRoom().players[0]!] });
    renderAt('/multiplayer/join/abc234');
    const password = await screen.findByLabelText('Room password', {}, find);
    const message = 'Too many wrong passwords for this room. Please try again later';
    joinRefusal = { code: 'too_many_password_attempts', message };
    fireEvent.change(password, { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join room' }));
    expect(await screen.findByText(message, {}, find)).toBeTruthy();
    expect(screen.getByLabelText('Room password')).toBeTruthy();
  });

  it('join: an invitee follows the link into a private room without being asked for the password', async () => {
    const host = aRoom().players[0]!;
    room = aRoom({ private: true, players: [host, { ...host, id: 'u-2', name: 'Sara', status: 'invited' }] });
    const router = renderAt('/multiplayer/join/ABC234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/multiplayer/room/ABC234'), find);
    expect(calls.filter((c) => c.path === '/rooms/ABC234/join').map((c) => c.body)).toEqual([{}]);
    expect(screen.queryByLabelText('Room password')).toBeNull();
  });

  it('join: a public room is joined at once', async () => {
    room = aRoom({ players: [aRoom().players[0]!] });
    const router = renderAt('/am/multiplayer/join/ABC234');
    await waitFor(() => expect(router.state.location.pathname).toBe('/am/multiplayer/room/ABC234'), find);
    expect(calls.filter((c) => c.path === '/rooms/ABC234/join')).toHaveLength(1);
  });

  it('history lists the result and tokens, and the replay steps through the moves', async () => {
    renderAt('/multiplayer/history');
    expect(await screen.findByText('Tokens: +18', {}, find)).toBeTruthy();
    cleanup();
    renderAt('/multiplayer/replay/m-1');
    expect(await screen.findByText('Step 1 of 3', {}, find)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByTestId('replay-word').textContent).toContain('cab');
    fireEvent.click(screen.getByRole('button', { name: '4×' }));
    expect(screen.getByRole('button', { name: '4×' }).getAttribute('aria-pressed')).toBe('true');
  });
});
