import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { routes } from '../../../app/routes.tsx';
import { authActor } from '../../../lib/auth/auth-live.ts';
import { notify } from '../../../lib/notify.ts';
import { writeStoredSession } from '../../../lib/auth/session-storage.ts';
import { aUser } from '../../../testing/fixtures.ts';
import { aRoom } from '../../../testing/room-fixtures.ts';
import type { RoomView } from '../../../lib/rooms/rooms-api.ts';
import type { CrazyView } from './crazy-api.ts';
import { aCrazyView, card } from './crazy-fixtures.ts';

type Call = { method: string; path: string; body: unknown };
let calls: Call[] = [];
let room: RoomView;
let view: CrazyView;

const crazyRoom = (overrides: Partial<RoomView> = {}) =>
  aRoom({ game: 'crazy', entryFee: 15, status: 'in_progress', matchId: 'm-1', ...overrides });

function answer(method: string, path: string, body: unknown): unknown {
  if (path === '/user') return aUser({ id: 'u-2', name: 'Sara' });
  if (path === '/games')
    return {
      games: [
        { slug: 'hangman', category: 'word', title: 'Hangman', cost: 9 },
        { slug: 'crazy', category: 'card', title: 'Crazy', cost: 15 },
      ],
      categories: [],
    };
  if (path === '/games/crazy/rules')
    return {
      slug: 'crazy',
      rules: [
        { id: 'match', text: { en: 'Play a card of the same suit or number as the top card.', am: 'ከላይ ካለው ካርታ ጋር አንድ ዓይነት ካርታ ይጣሉ።' } },
      ],
    };
  if (path === '/rooms?mine=1') return { rooms: [] };
  if (path === '/rooms' && method === 'GET') return { rooms: [] };
  if (path === '/rooms' && method === 'POST') return { room: crazyRoom({ code: 'NEW234', status: 'waiting' }) };
  if (path === '/invitations') return { invitations: [] };
  if (path === `/rooms/${room.code}` && method === 'GET') return { room, match: { view } };
  if (path === '/matches/m-1' && method === 'GET') return { view };
  if (path === '/matches/m-1/moves') {
    const move = body as { type: string; cards?: string[]; target?: string };
    if (move.type === 'play')
      view = { ...view, hand: view.hand.filter((c) => !move.cards?.includes(c.id)), turn: 'u-1', turnNumber: view.turnNumber + 1 };
    // A right call: the engine's view tells the table who caught whom.
    if (move.type === 'crazy')
      view = { ...view, last: { kind: 'caught', seq: 40, at: '2026-03-02T06:10:00.000Z', by: 'u-2', target: move.target ?? '', count: 2 } };
    return { view };
  }
  if (path === '/matches/m-1/replay')
    return {
      kind: 'crazy',
      matchId: 'm-1',
      roomCode: 'ABC234',
      final: aCrazyView({ status: 'finished', winner: 'u-2' }),
      steps: [
        {
          index: 0,
          kind: 'start',
          event: 'CrazyStarted',
          at: '2026-03-02T06:00:00.000Z',
          playerId: 'u-1',
          view: aCrazyView({ hands: { 'u-1': [card('K', 'clubs')], 'u-2': [card('3', 'hearts'), card('8', 'clubs')] } }),
        },
        {
          index: 1,
          kind: 'play',
          event: 'CardsPlayed',
          at: '2026-03-02T06:00:05.000Z',
          playerId: 'u-2',
          cards: ['h-3-1'],
          view: aCrazyView({ top: card('3', 'hearts'), hands: { 'u-1': [card('K', 'clubs')], 'u-2': [card('8', 'clubs')] } }),
        },
      ],
      players: [
        { id: 'u-1', name: 'Abebe' },
        { id: 'u-2', name: 'Sara' },
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
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, path, body });
      try {
        return new Response(JSON.stringify({ success: true, data: answer(method, path, body) }), { status: 200 });
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
  room = crazyRoom();
  view = aCrazyView();
});
afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
const find = { timeout: 15_000 };
const moves = () => calls.filter((c) => c.method === 'POST' && c.path === '/matches/m-1/moves').map((c) => c.body);

describe('Crazy pages', { timeout: 30_000 }, () => {
  it('create form: choosing Crazy raises the minimum fee to the catalogue cost and drops the language', async () => {
    const router = renderAt('/multiplayer');
    fireEvent.click(await screen.findByRole('radio', { name: 'Crazy (card game)' }, find));
    await waitFor(() => expect((screen.getByLabelText('Entry fee (tokens)') as HTMLInputElement).value).toBe('15'), find);
    expect(screen.queryByText('Word language')).toBeNull();
    fireEvent.change(screen.getByLabelText('Entry fee (tokens)'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Room name'), { target: { value: 'Cards' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create room' }));
    expect(await screen.findByText('The entry fee must be at least 15 tokens.', {}, find)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Entry fee (tokens)'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create room' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/multiplayer/room/NEW234'), find);
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/rooms')?.body;
    expect(sent).toMatchObject({ game: 'crazy', entryFee: 15 });
    expect(sent).not.toHaveProperty('language');
  });

  it('table: the hand as named card buttons; tap to select, Play sends the card; an 8 asks for the suit', async () => {
    renderAt('/multiplayer/game/ABC234');
    const three = await screen.findByRole('button', { name: '3 of hearts' }, find);
    expect(screen.getByTestId('whose-turn').textContent).toBe('Your turn');
    expect(screen.getByRole('img', { name: '9 of hearts' })).toBeTruthy();
    expect(within(screen.getByTestId('crazy-seats')).getByText('4 cards')).toBeTruthy();
    expect(screen.getByText('How to play')).toBeTruthy();
    // The rule table comes from the games catalogue API, in both languages (the player's first).
    await screen.findByText('Play a card of the same suit or number as the top card.', {}, find);
    expect(screen.getByText('ከላይ ካለው ካርታ ጋር አንድ ዓይነት ካርታ ይጣሉ።')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crazy' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Qeregn' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(three);
    expect(three.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(moves()).toEqual([{ type: 'play', cards: ['h-3-1'] }]), find);
    await waitFor(() => expect(screen.getByTestId('whose-turn').textContent).toBe("Abebe's turn"), find);

    view = aCrazyView();
    cleanup();
    renderAt('/multiplayer/game/ABC234');
    fireEvent.click(await screen.findByRole('button', { name: '8 of clubs' }, find));
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    const chooser = await screen.findByTestId('suit-chooser', {}, find);
    fireEvent.click(within(chooser).getByRole('button', { name: 'Spades' }));
    await waitFor(() => expect(moves().at(-1)).toEqual({ type: 'play', cards: ['c-8-1'], suit: 'spades' }), find);
  });

  it('table: a penalty chain says what to do; Crazy calls the one opponent left at one card without Qeregn, and the catch is told once', async () => {
    const info = vi.spyOn(notify, 'info');
    view = aCrazyView({
      penalty: 4,
      top: card('2', 'hearts'),
      players: [
        { id: 'u-1', status: 'playing', cards: 1, saidQeregn: false, timeoutsInRow: 0 },
        { id: 'u-2', status: 'playing', cards: 4, saidQeregn: false, timeoutsInRow: 0 },
      ],
      counts: { 'u-1': 1, 'u-2': 4 },
    });
    renderAt('/multiplayer/game/ABC234');
    expect((await screen.findByTestId('crazy-penalty', {}, find)).textContent).toBe('Draw 4 or stack a 2');
    expect(screen.queryByRole('button', { name: 'Draw' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Crazy' }));
    await waitFor(() => expect(moves()).toEqual([{ type: 'crazy', target: 'u-1' }]), find);
    await waitFor(() => expect(info).toHaveBeenCalledWith('You caught Abebe: Crazy! Abebe draws 2 cards'), find);
    fireEvent.click(screen.getByRole('button', { name: 'Take the cards' }));
    await waitFor(() => expect(moves().at(-1)).toEqual({ type: 'face_penalty' }), find);
    // The answer to the next move carries the same news: it is not told again.
    expect(info.mock.calls.filter(([message]) => message.includes('caught'))).toHaveLength(1);
  });

  it('replay: every hand at every step, with what happened', async () => {
    renderAt('/multiplayer/replay/m-1');
    const hands = await screen.findAllByTestId('replay-hand', {}, find);
    expect(hands).toHaveLength(2);
    expect(within(hands[1]!).getByRole('img', { name: '8 of clubs' })).toBeTruthy();
    expect(within(hands[0]!).getByRole('img', { name: 'king of clubs' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    await waitFor(() => expect(screen.getByTestId('replay-caption').textContent).toBe('Sara played 3♥'), find);
  });
});
