import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { Avatar } from '../../../components/avatar.tsx';
import { BadgeIcon } from '../../../components/badge-icon.tsx';
import { useErrorText } from '../../../components/error-message.tsx';
import { LocaleLink } from '../../../components/locale-link.tsx';
import { PageSkeleton } from '../../../components/skeleton.tsx';
import { ROOM_POLL_INTERVAL_MS } from '../../../config/constants.ts';
import { useTokenProblem } from '../../../hooks/use-token-problem.ts';
import { notify } from '../../../lib/notify.ts';
import { realtime, useRealtimeState } from '../../../lib/realtime/realtime.ts';
import { BackToLobby, DeadlineClock, LeaveMatch, OnlineDot, useNameOf, useNetTokens } from '../parts.tsx';
import { duelChannel, type RoomView } from '../rooms-api.ts';
import '../multiplayer.css';
import { fetchCrazyView, parseCrazyView, sendCrazyMove, type CrazyView } from './crazy-api.ts';
import { atOneCard, checkSelection, isAceOfSpades, isWild, playableIds, seatsAfter, sortHand, SUITS, type Card } from './crazy-cards.ts';
import { crazyMachine, isMyTurn, selectedCards } from './crazy-machine.ts';
import { useCrazyNews } from './crazy-news.ts';
import { CardFace, CrazyInstructions, ShownCard, SuitMark, useCardLabel } from './crazy-parts.tsx';
import { beep, useSoundSetting } from './crazy-sound.ts';

type Props = { room: RoomView; me: string; busy: boolean; onRematch: () => void; onLeave: () => void };

/** `/multiplayer/game/{code}` for a Crazy room: the table, driven by the Crazy turn machine (crazy-machine.ts). */
export default function CrazyTable(props: Props) {
  const matchId = props.room.matchId;
  if (!matchId) return <PageSkeleton />;
  // A rematch is a new match: a fresh machine, selection and view.
  return <Table key={matchId} matchId={matchId} {...props} />;
}

function Table({ room, me, busy, onRematch, onLeave, matchId }: Props & { matchId: string }) {
  const tokenProblem = useTokenProblem();
  const errorText = useErrorText();
  const helpers = useRef({ tokenProblem, errorText });
  helpers.current = { tokenProblem, errorText };

  const [machine] = useState(() =>
    crazyMachine.provide({
      actors: {
        loadView: fromPromise(({ input, signal }) => fetchCrazyView(input.matchId, signal)),
        submitMove: fromPromise(({ input }) => sendCrazyMove(input.matchId, input.move)),
      },
      actions: {
        reportProblem: (_, error) => {
          if (!helpers.current.tokenProblem.handle(error)) notify.error(helpers.current.errorText(error));
        },
        moved: () => beep('move'),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine, { input: { matchId, me } });
  const { view } = snapshot.context;

  useEffect(
    () =>
      realtime.subscribe(duelChannel(matchId, me), (update) => {
        const next = parseCrazyView(update.data);
        if (next) send({ type: 'VIEW', view: next });
      }),
    [matchId, me, send],
  );
  // Re-read while the socket is away (retrying or given up), as the duel does.
  const live = useRealtimeState() === 'connected';
  useEffect(() => {
    if (live) return;
    const id = setInterval(() => send({ type: 'REFRESH' }), ROOM_POLL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [live, send]);
  // The match may not be readable the moment the room says it started: ask again until it is.
  const missing = view === null && !snapshot.matches('loading');
  useEffect(() => {
    if (!missing) return;
    const id = setInterval(() => send({ type: 'REFRESH' }), ROOM_POLL_INTERVAL_MS);
    return () => clearInterval(id);
  }, [missing, send]);

  const mine = isMyTurn(view, me);
  useEffect(() => {
    if (mine) beep('turn');
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
          <Seats room={room} view={view} me={me} />
          <Pile view={view} />
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
  return (
    <div className="row row-between mp-status-bar">
      <p className={mine ? 'mp-turn mp-turn-mine' : 'mp-turn'} data-testid="whose-turn" aria-live="polite">
        {mine ? t('yourTurn') : t('theirTurn', { name: nameOf(view.turn) })}
      </p>
      <DeadlineClock deadline={view.deadline} label={t('turnClock')} />
    </div>
  );
}

/** The others around the table in turn order after me: name, badge, cards held, Qeregn, whose turn. */
function Seats({ room, view, me }: { room: RoomView; view: CrazyView; me: string }) {
  const { t } = useTranslation('crazy');
  const nameOf = useNameOf(room);
  const others = seatsAfter(view.players, me, view.direction).filter((p) => p.id !== me);
  return (
    <ul className="crazy-seats" aria-label={t('players')} data-testid="crazy-seats">
      {others.map((p) => {
        const player = room.players.find((r) => r.id === p.id);
        const name = nameOf(p.id);
        const cards = view.counts?.[p.id] ?? p.cards;
        return (
          <li
            key={p.id}
            className={`crazy-seat${view.turn === p.id ? ' crazy-seat-turn' : ''}${p.status !== 'playing' ? ' crazy-seat-left' : ''}`}
            data-testid="crazy-seat"
            data-player-id={p.id}
            aria-current={view.turn === p.id ? 'true' : undefined}
          >
            <span className="mp-player-avatar">
              <Avatar name={name} avatar={player?.avatar ?? null} size={32} />
              <OnlineDot online={player?.online} />
            </span>
            <span className="crazy-seat-name">
              {name} <BadgeIcon badge={player?.badge} size={16} />
            </span>
            <span className="crazy-seat-count" data-testid="crazy-seat-count">
              {p.status === 'playing' ? t('cards', { count: cards }) : t('leftGame')}
            </span>
            {(view.saidQeregn?.[p.id] ?? p.saidQeregn) && cards === 1 && <span className="badge badge-accent">{t('saidQeregn')}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function Pile({ view }: { view: CrazyView }) {
  const { t } = useTranslation('crazy');
  const penaltyText =
    view.penalty > 0 && view.top
      ? isAceOfSpades(view.top)
        ? t('penaltyAce', { count: view.penalty })
        : t('penaltyTwo', { count: view.penalty })
      : null;
  return (
    <div className="card crazy-table-centre" data-testid="crazy-pile">
      <div className="crazy-stacks">
        <span className="crazy-deck" data-testid="crazy-deck">
          <span className="crazy-back" aria-hidden="true" />
          {t('deck', { count: view.deckCount })}
        </span>
        <span className="crazy-top" aria-label={t('topCard')}>
          {view.top ? <ShownCard key={view.top.id} card={view.top} /> : <span className="muted small">{t('noTopCard')}</span>}
          <span className="small muted">{t('pile', { count: view.pileCount })}</span>
        </span>
      </div>
      <p className="crazy-facts">
        {view.suit && (
          <span data-testid="crazy-suit">
            {t('currentSuit', { suit: '' })}
            <SuitMark suit={view.suit} />
          </span>
        )}
        <span data-testid="crazy-direction">{t(`direction.${view.direction}`)}</span>
      </p>
      {penaltyText && (
        <p className="crazy-penalty" role="status" data-testid="crazy-penalty">
          {penaltyText}
        </p>
      )}
    </div>
  );
}

function Controls({
  room,
  view,
  me,
  selection,
  choosingSuit,
  sending,
  send,
}: {
  room: RoomView;
  view: CrazyView;
  me: string;
  selection: Card[];
  choosingSuit: boolean;
  sending: boolean;
  send: ReturnType<typeof useMachine<typeof crazyMachine>>[1];
}) {
  const { t } = useTranslation('crazy');
  const nameOf = useNameOf(room);
  const [picking, setPicking] = useState(false);
  const mine = isMyTurn(view, me);
  const playing = view.players.some((p) => p.id === me && p.status === 'playing');
  const check = checkSelection(selection, view, view.suitLocked);
  // Calling Crazy on someone who said Qeregn is always false: they are no target.
  const targets = atOneCard(view.players, me).filter((id) => !(view.saidQeregn?.[id] ?? false));
  const lockedWild = view.suitLocked && selection.length === 1 && isWild(selection[0]!);
  const canDraw = mine && !view.hasDrawn && view.penalty === 0 && view.canPassWithoutDrawing !== true;
  const canPass = mine && (view.hasDrawn || view.penalty > 0 || view.canPassWithoutDrawing === true);
  const canQeregn = playing && view.hand.length === 1 && view.saidQeregn?.[me] !== true;

  const hint = !mine
    ? t('hints.waiting')
    : check.ok
      ? null
      : check.reason === 'empty'
        ? view.canPassWithoutDrawing
          ? t('hints.nothingToDraw')
          : view.penalty > 0
            ? t('hints.penalty')
            : view.hasDrawn
              ? t('hints.drawn')
              : t('hints.select')
        : t(`hints.${check.reason}`);

  function callCrazy() {
    if (targets.length === 1) send({ type: 'CALL', target: targets[0]! });
    else setPicking((open) => !open);
  }

  return (
    <div className="stack crazy-controls" aria-busy={sending}>
      {hint && (
        <p className="small muted crazy-hint" aria-live="polite" data-testid="crazy-hint">
          {hint}
        </p>
      )}
      {(choosingSuit || lockedWild) && (
        <div className="card crazy-suits" role="group" aria-labelledby="crazy-suit-title" data-testid="suit-chooser">
          <p id="crazy-suit-title" className="field-label">
            {t('chooseSuit')}
          </p>
          {lockedWild && <p className="small muted">{t('suitLocked')}</p>}
          <div className="crazy-suit-buttons">
            {SUITS.map((suit) => (
              <button
                key={suit}
                type="button"
                className="button"
                disabled={!choosingSuit || view.suitLocked}
                onClick={() => send({ type: 'CHOOSE_SUIT', suit })}
              >
                <SuitMark suit={suit} />
              </button>
            ))}
          </div>
          {choosingSuit && (
            <button type="button" className="button button-ghost button-compact" onClick={() => send({ type: 'CANCEL_SUIT' })}>
              {t('cancel')}
            </button>
          )}
        </div>
      )}
      <div className="crazy-actions" role="group" aria-label={t('actions')}>
        <button
          type="button"
          className="button button-primary"
          disabled={!mine || selection.length === 0 || sending}
          onClick={() => send({ type: 'PLAY' })}
        >
          {t('terms.play')}
        </button>
        {view.penalty > 0 ? (
          <button type="button" className="button" disabled={!mine || sending} onClick={() => send({ type: 'FACE_PENALTY' })}>
            {t('terms.facePenalty')}
          </button>
        ) : (
          <button type="button" className="button" disabled={!canDraw || sending} onClick={() => send({ type: 'DRAW' })}>
            {t('terms.draw')}
          </button>
        )}
        <button type="button" className="button" disabled={!canPass || sending} onClick={() => send({ type: 'PASS' })}>
          {t('terms.pass')}
        </button>
        <button type="button" className="button crazy-qeregn" disabled={!canQeregn || sending} onClick={() => send({ type: 'QEREGN' })}>
          {t('terms.qeregn')}
        </button>
        <button
          type="button"
          className="button crazy-call"
          disabled={!playing || targets.length === 0 || sending}
          aria-expanded={targets.length > 1 ? picking : undefined}
          onClick={callCrazy}
        >
          {t('terms.crazy')}
        </button>
      </div>
      {picking && targets.length > 1 && (
        <div className="card crazy-targets" role="group" aria-labelledby="crazy-targets-title" data-testid="crazy-targets">
          <p id="crazy-targets-title" className="field-label">
            {t('callWhom')}
          </p>
          {targets.map((id) => (
            <button
              key={id}
              type="button"
              className="button"
              disabled={sending}
              onClick={() => {
                setPicking(false);
                send({ type: 'CALL', target: id });
              }}
            >
              {t('callOn', { name: nameOf(id) })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The hand, fanned: each card a button named like "8 of hearts"; selected cards raised, fitting cards marked. */
function Hand({ view, selection, onToggle }: { view: CrazyView; selection: string[]; onToggle: (id: string) => void }) {
  const { t } = useTranslation('crazy');
  const label = useCardLabel();
  const hand = sortHand(view.hand);
  const fitting = playableIds(hand, view);
  const middle = (hand.length - 1) / 2;
  // A gentle fan: the spread narrows as the hand grows so a 15-card hand still fits 360 px.
  const step = hand.length > 1 ? Math.min(5, 36 / hand.length) : 0;
  return (
    <section className="crazy-hand-wrap" aria-label={t('handCount', { count: hand.length })}>
      {hand.length === 0 ? (
        <p className="muted">{t('handEmpty')}</p>
      ) : (
        <ul className="crazy-hand" data-testid="crazy-hand" style={{ '--cards': hand.length } as CSSProperties}>
          {hand.map((card, i) => {
            const selected = selection.includes(card.id);
            return (
              <li key={card.id} className="crazy-hand-slot" style={{ '--angle': `${(i - middle) * step}deg` } as CSSProperties}>
                <button
                  type="button"
                  className={`crazy-card${selected ? ' crazy-card-selected' : ''}${fitting.has(card.id) && view.turn === view.viewerId ? ' crazy-card-fits' : ''}`}
                  aria-pressed={selected}
                  aria-label={label(card)}
                  data-card-id={card.id}
                  onClick={() => onToggle(card.id)}
                >
                  <CardFace card={card} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function CrazyResult({
  room,
  view,
  me,
  busy,
  onRematch,
}: {
  room: RoomView;
  view: CrazyView;
  me: string;
  busy: boolean;
  onRematch: () => void;
}) {
  const { t, i18n } = useTranslation('crazy');
  const { t: tm } = useTranslation('multiplayer');
  const nameOf = useNameOf(room);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (view.winner === me) beep('win');
  }, [view.winner, me]);
  const won = view.winner === me;
  const tokens = useNetTokens(view.matchId, view.tokens ?? null);
  const number = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });
  const scores = view.players
    .map((p) => ({ id: p.id, score: view.scores?.[p.id] ?? 0, cards: view.counts?.[p.id] ?? p.cards }))
    .sort((a, b) => b.score - a.score || a.cards - b.cards);
  return (
    <div className={`card stack hangman-result ${won ? 'hangman-result-won' : 'hangman-result-lost'}`} data-testid="final-result">
      <h2 ref={heading} tabIndex={-1} className="hangman-result-title" data-testid="result-title">
        {won ? t('result.won') : view.winner ? t('result.lost', { name: nameOf(view.winner) }) : t('result.noWinner')}
      </h2>
      <dl className="hangman-result-figures">
        <div>
          <dt>{tm('result.score')}</dt>
          <dd data-testid="result-score">{view.scores?.[me] ?? 0}</dd>
        </div>
        <div>
          <dt>{tm('result.tokens')}</dt>
          <dd data-testid="result-tokens" className={tokens !== null && tokens < 0 ? 'tone-bad' : 'tone-good'}>
            {tokens === null ? '…' : number.format(tokens)}
          </dd>
        </div>
      </dl>
      <h3 className="small muted">{t('result.scores')}</h3>
      <ol className="mp-scores" data-testid="scores">
        {scores.map((s) => (
          <li key={s.id} className="mp-score" data-testid="score-row">
            <span className="grow">{nameOf(s.id)}</span>
            <span className="small muted">{t('result.cardsLeft', { count: s.cards })}</span>
            <strong>{tm('game.points', { count: s.score, formatted: String(s.score) })}</strong>
          </li>
        ))}
      </ol>
      <div className="row">
        {room.hostId === me && room.status === 'finished' && (
          <button type="button" className="button button-primary" disabled={busy} onClick={onRematch}>
            {tm('result.rematch')}
          </button>
        )}
        <LocaleLink to={`/multiplayer/replay/${view.matchId}`} className="button">
          {tm('result.replay')}
        </LocaleLink>
        <BackToLobby />
      </div>
    </div>
  );
}
