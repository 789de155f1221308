import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useNavigate } from 'react-router';
import { useTo } from '../../components/locale-link.tsx';
import { BackToLobby } from '../../components/match/match-parts.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import type { GameRegistry } from '../../lib/games/registry.tsx';
import { notify } from '../../lib/notify.ts';
import { useFullScreenWhile } from '../../lib/full-screen.ts';
import { useRoom } from '../../lib/rooms/use-room.ts';
import { useCodeParam } from './parts.tsx';
import './multiplayer.css';

/**
 * `/multiplayer/game/{code}`: a started room's game. It runs the room machine (the room, its lifecycle, leaving and
 * rematches) and hands the room to the table of the room's game, found in the game registry (app/game-registry.ts),
 * each table its own chunk.
 */
export function GamePage() {
  const code = useCodeParam();
  const me = useAuth(selectUser)?.id ?? '';
  const { t } = useTranslation('multiplayer');
  if (!code)
    return (
      <section className="page mp-page">
        <h1>{t('room.notFound')}</h1>
        <BackToLobby />
      </section>
    );
  return <RoomGame key={code} code={code} me={me} />;
}

function RoomGame({ code, me }: { code: string; me: string }) {
  const { t } = useTranslation('multiplayer');
  useDocumentMeta(t('game.metaTitle'), t('lobby.metaDescription'));
  const navigate = useNavigate();
  const to = useTo();
  // The game registry (app/game-registry.ts), which this page's route loads for it.
  const games = useLoaderData() as GameRegistry;
  const session = useRoom(code, me, ({ action }) => {
    if (action.type !== 'leave') return;
    notify.info(t('game.leftMatch'));
    void navigate(to('/multiplayer'));
  });
  const { snapshot, send } = session;
  const { room } = snapshot.context;
  const waiting = snapshot.matches({ lifecycle: 'waiting' });

  // A match in play has the whole screen: the game strip (leave for the lobby after a confirm, tokens, the table's
  // turn and clock, the connection) instead of the header and bottom bar. Its result keeps the shell.
  const inProgress = snapshot.matches({ lifecycle: 'inProgress' }) && !snapshot.matches({ lifecycle: { inProgress: 'over' } });
  useFullScreenWhile(inProgress && room !== null && room.status === 'in_progress', { leaveTo: '/multiplayer', confirm: 'match' });

  // Before the start, and after a rematch, the room is the place to be.
  useEffect(() => {
    if (waiting) void navigate(to(`/multiplayer/room/${code}`), { replace: true });
  }, [waiting, code, navigate, to]);

  if (snapshot.matches({ lifecycle: 'closed' }))
    return (
      <section className="page mp-page">
        <p className="card" role="status">
          {t(room?.closedReason === 'idle' ? 'room.closedIdle' : 'room.closed')}
        </p>
        <BackToLobby />
      </section>
    );
  // A room whose game this client does not know is as good as unavailable: its table cannot be shown.
  const Table = room ? games.roomGame(room.game)?.Component : undefined;
  if (snapshot.matches({ lifecycle: 'unavailable' }) || (room && !Table))
    return (
      <section className="page mp-page">
        <h1>{t('room.unavailable')}</h1>
        <div className="row">
          <button type="button" className="button" onClick={() => send({ type: 'REFRESH' })}>
            {t('join.retry')}
          </button>
          <BackToLobby />
        </div>
      </section>
    );
  if (!room || !Table) return <PageSkeleton />;

  return (
    <Suspense fallback={<PageSkeleton />}>
      <Table
        room={room}
        me={me}
        session={session}
        busy={!snapshot.matches({ request: 'idle' })}
        onRematch={() => send({ type: 'ACT', action: { type: 'rematch' } })}
        onLeave={() => send({ type: 'ACT', action: { type: 'leave' } })}
      />
    </Suspense>
  );
}
