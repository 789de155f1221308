import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DeadlineClock } from '../../../components/countdown.tsx';
import { FairnessSeal } from '../../../components/fairness-seal.tsx';
import { LeaveMatch, useNameOf } from '../../../components/match/match-parts.tsx';
import { PageSkeleton } from '../../../components/skeleton.tsx';
import type { RoomGameProps } from '../../../lib/games/registry.tsx';
import type { RoomView } from '../../../lib/rooms/rooms-api.ts';
import type { CrazyView } from './crazy-api.ts';
import { Controls } from './crazy-controls.tsx';
import { Hand } from './crazy-hand.tsx';
import { isMyTurn, selectedCards } from './crazy-machine.ts';
import { useCrazyNews } from './crazy-news.ts';
import { CrazyInstructions } from './crazy-parts.tsx';
import { Pile } from './crazy-pile.tsx';
import { CrazyResult } from './crazy-result.tsx';
import { Seats } from './crazy-seats.tsx';
import { beep, useSoundSetting } from './crazy-sound.ts';
import { useCrazyMatch } from './use-crazy-match.ts';
import { GameStripSlot } from '../../../components/game-strip-slot.tsx';
import { vibrate } from '../../../lib/vibration.ts';

/** `/multiplayer/game/{code}` for a Crazy room: the table, driven by the Crazy turn machine (crazy-machine.ts). */
export default function CrazyTable(props: RoomGameProps) {
  const matchId = props.room.matchId;
  if (!matchId) return <PageSkeleton />;
  // A rematch is a new match: a fresh machine, selection and view.
  return <Table key={matchId} matchId={matchId} {...props} />;
}

function Table({ room, me, busy, onRematch, onLeave, matchId }: RoomGameProps & { matchId: string }) {
  const { snapshot, send } = useCrazyMatch(matchId, me);
  const { view } = snapshot.context;

  const mine = isMyTurn(view, me);
  useEffect(() => {
    if (!mine) return;
    beep('turn');
    vibrate('turn');
  }, [mine, view?.turnNumber]);
  // What the others just did (a catch, Qeregn, a penalty...), as a toast that never blocks the table.
  const nameOf = useNameOf(room);
  useCrazyNews(view, me, nameOf);

  if (!view) return <PageSkeleton />;
  const over = view.status === 'finished';
  const sending = snapshot.matches({ ready: 'sending' }) || snapshot.matches({ ready: 'refreshing' });
  const amPlaying = view.players.some((p) => p.id === me && p.status === 'playing');

  return (
    <section className="page mp-page mp-game crazy-page" aria-labelledby="crazy-title" data-testid="crazy">
      <header className="row row-between">
        <h1 id="crazy-title" className="mp-game-title">
          {room.roomName}
        </h1>
        <SoundToggle />
      </header>
      {over ? (
        <CrazyResult room={room} view={view} me={me} busy={busy} onRematch={onRematch} />
      ) : (
        <>
          <TurnBar room={room} view={view} me={me} />
          {/* The table and the player's own side: side by side on a phone on its side (crazy.css), one column otherwise. */}
          <div className="crazy-table-side">
            <Seats room={room} view={view} me={me} />
            <Pile view={view} />
          </div>
          <div className="crazy-my-side">
            <Controls
              room={room}
              view={view}
              me={me}
              selection={selectedCards(snapshot.context)}
              choosingSuit={snapshot.matches({ ready: 'choosingSuit' })}
              sending={sending}
              send={send}
            />
            <Hand view={view} selection={snapshot.context.selection} onToggle={(id) => send({ type: 'TOGGLE', id })} />
          </div>
          <FairnessSeal matchId={view.matchId} fairness={view.fairness} />
        </>
      )}
      <CrazyInstructions />
      {!over && amPlaying && <LeaveMatch penalty={room.penalty} busy={busy} onLeave={onLeave} />}
    </section>
  );
}

function SoundToggle() {
  const { t } = useTranslation('crazy');
  const [on, setOn] = useSoundSetting();
  return (
    <label className="chip chip-radio crazy-sound">
      <input type="checkbox" checked={on} onChange={(event) => setOn(event.target.checked)} data-testid="crazy-sound" />
      <span>{t('sound')}</span>
    </label>
  );
}

function TurnBar({ room, view, me }: { room: RoomView; view: CrazyView; me: string }) {
  const { t } = useTranslation('crazy');
  const nameOf = useNameOf(room);
  const mine = view.turn === me;
  // In the game strip while the table has the whole screen; the turn's start is read out (aria-live).
  return (
    <GameStripSlot>
      <div className="row row-between mp-status-bar">
        <p className={mine ? 'mp-turn mp-turn-mine' : 'mp-turn'} data-testid="whose-turn" aria-live="polite">
          {mine ? t('yourTurn') : t('theirTurn', { name: nameOf(view.turn) })}
        </p>
        <DeadlineClock deadline={view.deadline} label={t('turnClock')} />
      </div>
    </GameStripSlot>
  );
}
