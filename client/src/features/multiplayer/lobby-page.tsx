import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError, useErrorText } from '../../components/error-message.tsx';
import { LocaleLink, useLocale, useTo } from '../../components/locale-link.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import {
  CODEBREAKER_RACE_COST_FALLBACK,
  CRAZY_COST_FALLBACK,
  HANGMAN_COST_FALLBACK,
  ROOM_CODE_LENGTH,
  ROOM_DESCRIPTION_MAX,
  ROOM_MAX_PLAYERS,
  ROOM_MIN_PLAYERS,
  ROOM_NAME_MAX,
  ROOM_PASSWORD_MAX,
  ROOM_PENALTY_MAX,
} from '../../config/constants.ts';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { usePendingInvitations } from '../../lib/invitations-store.ts';
import { notify } from '../../lib/notify.ts';
import { fetchGames } from '../../lib/games/games-api.ts';
import {
  ROOM_GAMES,
  codeFromInput,
  codeProblem,
  isCrazyRoom,
  roomFormToInput,
  validateRoomForm,
  type FormProblems,
  type RoomForm,
  type RoomGame,
} from '../../lib/rooms/room-rules.ts';
import { createRoom, fetchMyRooms, fetchOpenRooms, type RoomView } from '../../lib/rooms/rooms-api.ts';
import '../../components/match/match.css';
import './multiplayer.css';

/** `/multiplayer`: join by code, open rooms, my rooms, and a new room. */
export function LobbyPage() {
  const { t } = useTranslation('multiplayer');
  useDocumentMeta(t('lobby.metaTitle'), t('lobby.metaDescription'));
  const pending = usePendingInvitations();
  const open = useApiQuery((signal) => fetchOpenRooms(signal));
  const mine = useApiQuery((signal) => fetchMyRooms(signal));

  return (
    <section className="page mp-page" aria-labelledby="lobby-title">
      <header className="page-header">
        <h1 id="lobby-title">{t('lobby.title')}</h1>
        <p className="muted">{t('lobby.subtitle')}</p>
        <nav className="row" aria-label={t('lobby.sections')}>
          <LocaleLink to="/multiplayer/invitations" className="button button-compact">
            {t('invitations.title')}
            {pending > 0 && <span className="mp-count">{pending}</span>}
          </LocaleLink>
          <LocaleLink to="/multiplayer/history" className="button button-compact">
            {t('history.title')}
          </LocaleLink>
        </nav>
      </header>

      <JoinByCode />

      <section className="stack" aria-labelledby="my-rooms-title">
        <h2 id="my-rooms-title" className="section-title">
          {t('lobby.myRooms')}
        </h2>
        <RoomList query={mine} empty={t('lobby.noMyRooms')} mine />
      </section>

      <section className="stack" aria-labelledby="open-rooms-title">
        <div className="row row-between">
          <h2 id="open-rooms-title" className="section-title">
            {t('lobby.openRooms')}
          </h2>
          <button
            type="button"
            className="button button-ghost button-compact"
            onClick={() => {
              open.reload();
              mine.reload();
            }}
          >
            {t('lobby.refresh')}
          </button>
        </div>
        <RoomList query={open} empty={t('lobby.noOpenRooms')} />
      </section>

      <CreateRoomForm />
    </section>
  );
}

function JoinByCode() {
  const { t } = useTranslation('multiplayer');
  const navigate = useNavigate();
  const to = useTo();
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problem = codeProblem(code);
  const showProblem = submitted && problem !== null;
  return (
    <form
      className="card stack"
      aria-labelledby="join-code-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (codeProblem(code) === null) void navigate(to(`/multiplayer/join/${code}`));
      }}
    >
      <h2 id="join-code-title" className="section-title">
        {t('lobby.joinTitle')}
      </h2>
      <div className="field">
        <label className="field-label" htmlFor="join-code">
          {t('lobby.codeLabel')}
        </label>
        <input
          id="join-code"
          className="input input-code"
          value={code}
          onChange={(event) => setCode(codeFromInput(event.target.value))}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          maxLength={64}
          placeholder="ABC234"
          aria-invalid={showProblem || undefined}
          aria-describedby="join-code-hint"
          data-testid="join-code-input"
        />
        <span id="join-code-hint" className={showProblem ? 'form-error small' : 'field-hint'} role={showProblem ? 'alert' : undefined}>
          {showProblem
            ? t(problem === 'length' ? 'lobby.codeLength' : 'lobby.codeCharacters', { length: ROOM_CODE_LENGTH })
            : t('lobby.codeHint')}
        </span>
      </div>
      <button type="submit" className="button button-primary" data-testid="join-code-submit">
        {t('lobby.join')}
      </button>
    </form>
  );
}

function RoomList({ query, empty, mine = false }: { query: ReturnType<typeof useApiQuery<RoomView[]>>; empty: string; mine?: boolean }) {
  const { t } = useTranslation('multiplayer');
  if (query.status === 'loading')
    return (
      <div className="stack" aria-busy="true">
        <Skeleton height="4.5rem" radius="var(--radius-lg)" />
        <Skeleton height="4.5rem" radius="var(--radius-lg)" />
      </div>
    );
  if (query.status === 'error') return <LoadError error={query.error} onRetry={query.reload} />;
  if (query.data.length === 0) return <p className="muted card">{empty}</p>;
  return (
    <ul className="mp-room-list" data-testid={mine ? 'my-rooms' : 'open-rooms'}>
      {query.data.map((room) => {
        const inRoom = room.players.filter((p) => p.status !== 'left' && p.status !== 'invited').length;
        const target = mine
          ? room.status === 'in_progress' || room.status === 'finished'
            ? `/multiplayer/game/${room.code}`
            : `/multiplayer/room/${room.code}`
          : `/multiplayer/join/${room.code}`;
        return (
          <li key={room.code} className="card mp-room-card" data-testid="room-card">
            <div className="row row-between">
              <strong className="mp-room-name">{room.roomName}</strong>
              <span className="badge" data-testid="room-code">
                {room.code}
              </span>
            </div>
            <p className="muted small mp-room-meta">
              {isCrazyRoom(room) ? t('games.crazy') : t('facts.wordDuel')} ·{' '}
              {t('facts.playersCount', { count: inRoom, max: room.maxPlayers })} · {t('lobby.fee', { count: room.entryFee })} ·{' '}
              {t(`duration.${room.gameDuration}`)}
              {room.private ? ` · ${t('lobby.private')}` : ''}
              {mine ? ` · ${t(`roomStatus.${room.status}`)}` : ''}
            </p>
            <LocaleLink
              to={target}
              className="button button-compact"
              aria-label={t(mine ? 'lobby.openRoomNamed' : 'lobby.joinRoomNamed', { name: room.roomName })}
            >
              {mine ? t('lobby.openRoom') : t('lobby.join')}
            </LocaleLink>
          </li>
        );
      })}
    </ul>
  );
}

const COST_FALLBACKS: Readonly<Record<RoomGame, number>> = {
  hangman: HANGMAN_COST_FALLBACK,
  crazy: CRAZY_COST_FALLBACK,
  codebreaker: CODEBREAKER_RACE_COST_FALLBACK,
};

function CreateRoomForm() {
  const { t } = useTranslation('multiplayer');
  const locale = useLocale();
  const navigate = useNavigate();
  const to = useTo();
  const errorText = useErrorText();
  const games = useApiQuery((signal) => fetchGames(signal));
  const feeOf = (game: RoomGame) => games.data?.find((g) => g.slug === game)?.cost ?? COST_FALLBACKS[game];
  const [form, setForm] = useState<RoomForm>({
    game: 'hangman',
    roomName: '',
    description: '',
    maxPlayers: '4',
    gameDuration: 'normal',
    entryFee: String(HANGMAN_COST_FALLBACK),
    penalty: '0',
    password: '',
    language: locale,
  });
  const [touched, setTouched] = useState<Partial<Record<keyof RoomForm, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [creating, setCreating] = useState(false);
  const minFee = feeOf(form.game);
  const problems: FormProblems = validateRoomForm(form, minFee);
  // Switching games moves a fee still at the old game's minimum to the new one's (a fee the host typed stays).
  const chooseGame = (game: RoomGame) =>
    setForm((f) => ({
      ...f,
      game,
      entryFee: f.entryFee === String(feeOf(f.game)) || Number(f.entryFee) < feeOf(game) ? String(feeOf(game)) : f.entryFee,
    }));
  const shown = (field: keyof RoomForm) => (submitted || touched[field] ? problems[field] : undefined);
  const update = (field: keyof RoomForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));
  const blur = (field: keyof RoomForm) => () => setTouched((f) => ({ ...f, [field]: true }));

  const fieldError = (field: keyof RoomForm) => {
    const problem = shown(field);
    return problem ? (
      <span id={`create-${field}-error`} className="form-error small" role="alert">
        {t(problem.key as never, problem.values)}
      </span>
    ) : null;
  };
  const invalid = (field: keyof RoomForm) => ({
    'aria-invalid': shown(field) ? true : undefined,
    'aria-describedby': shown(field) ? `create-${field}-error` : undefined,
    onBlur: blur(field),
  });

  async function submit() {
    setSubmitted(true);
    if (Object.keys(problems).length > 0) return;
    setCreating(true);
    try {
      const room = await createRoom(roomFormToInput(form));
      notify.success(t('create.created', { code: room.code }));
      await navigate(to(`/multiplayer/room/${room.code}`));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setCreating(false);
    }
  }

  return (
    <form
      className="card stack mp-create"
      aria-labelledby="create-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="create-title" className="section-title">
        {t('create.title')}
      </h2>
      <fieldset className="field mp-fieldset">
        <legend className="field-label">{t('create.game')}</legend>
        <div className="chips">
          {ROOM_GAMES.map((id) => (
            <label key={id} className="chip chip-radio">
              <input
                type="radio"
                name="game"
                value={id}
                checked={form.game === id}
                onChange={() => chooseGame(id)}
                data-testid={`create-game-${id}`}
              />
              <span>{t(`games.${id}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor="create-roomName">
          {t('create.roomName')}
        </label>
        <input
          id="create-roomName"
          className="input"
          value={form.roomName}
          onChange={update('roomName')}
          maxLength={ROOM_NAME_MAX + 20}
          {...invalid('roomName')}
          data-testid="room-name"
        />
        {fieldError('roomName')}
      </div>
      <div className="field">
        <label className="field-label" htmlFor="create-description">
          {t('create.description')}
        </label>
        <textarea
          id="create-description"
          className="input"
          rows={2}
          value={form.description}
          onChange={update('description')}
          maxLength={ROOM_DESCRIPTION_MAX + 20}
          {...invalid('description')}
        />
        {fieldError('description')}
      </div>
      <div className="mp-form-grid">
        <div className="field">
          <label className="field-label" htmlFor="create-maxPlayers">
            {t('create.maxPlayers')}
          </label>
          <input
            id="create-maxPlayers"
            className="input"
            type="number"
            inputMode="numeric"
            min={ROOM_MIN_PLAYERS}
            max={ROOM_MAX_PLAYERS}
            value={form.maxPlayers}
            onChange={update('maxPlayers')}
            {...invalid('maxPlayers')}
          />
          {fieldError('maxPlayers')}
        </div>
        <div className="field">
          <label className="field-label" htmlFor="create-entryFee">
            {t('create.entryFee')}
          </label>
          <input
            id="create-entryFee"
            className="input"
            type="number"
            inputMode="numeric"
            min={minFee}
            value={form.entryFee}
            onChange={update('entryFee')}
            {...invalid('entryFee')}
          />
          {fieldError('entryFee') ?? <span className="field-hint">{t('create.entryFeeHint', { count: minFee })}</span>}
        </div>
        <div className="field">
          <label className="field-label" htmlFor="create-penalty">
            {t('create.penalty')}
          </label>
          <input
            id="create-penalty"
            className="input"
            type="number"
            inputMode="numeric"
            min={0}
            max={ROOM_PENALTY_MAX}
            value={form.penalty}
            onChange={update('penalty')}
            {...invalid('penalty')}
          />
          {fieldError('penalty') ?? <span className="field-hint">{t('create.penaltyHint')}</span>}
        </div>
      </div>
      <fieldset className="field mp-fieldset">
        <legend className="field-label">{t('create.duration')}</legend>
        <div className="chips">
          {(['normal', 'rush'] as const).map((id) => (
            <label key={id} className="chip chip-radio">
              <input
                type="radio"
                name="gameDuration"
                value={id}
                checked={form.gameDuration === id}
                onChange={() => setForm((f) => ({ ...f, gameDuration: id }))}
              />
              <span>{t(`duration.${id}`)}</span>
            </label>
          ))}
        </div>
        <span className="field-hint">{t('create.durationHint')}</span>
      </fieldset>
      {form.game === 'hangman' && (
        <fieldset className="field mp-fieldset">
          <legend className="field-label">{t('create.language')}</legend>
          <div className="chips">
            {(['en', 'am'] as const).map((id) => (
              <label key={id} className="chip chip-radio">
                <input
                  type="radio"
                  name="language"
                  value={id}
                  checked={form.language === id}
                  onChange={() => setForm((f) => ({ ...f, language: id }))}
                />
                <span>{t(`languages.${id}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="field">
        <label className="field-label" htmlFor="create-password">
          {t('create.password')}
        </label>
        <input
          id="create-password"
          className="input"
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={update('password')}
          maxLength={ROOM_PASSWORD_MAX + 5}
          {...invalid('password')}
        />
        {fieldError('password') ?? <span className="field-hint">{t('create.passwordHint')}</span>}
      </div>
      <button type="submit" className="button button-primary button-block" disabled={creating} data-testid="create-room">
        {creating ? t('create.creating') : t('create.submit')}
      </button>
    </form>
  );
}
