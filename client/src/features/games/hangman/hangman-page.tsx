import { useMachine } from '@xstate/react';
import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { useErrorText } from '../../../components/error-message.tsx';
import { LocaleLink, useLocale } from '../../../components/locale-link.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useApiQuery } from '../../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../../hooks/use-document-meta.ts';
import { useTokenProblem } from '../../../hooks/use-token-problem.ts';
import { selectIsSignedIn, useAuth } from '../../../lib/auth/auth-live.ts';
import { afterFirstScreen } from '../../../lib/first-screen.ts';
import { useFullScreenWhile } from '../../../lib/full-screen.ts';
import { notify } from '../../../lib/notify.ts';
import { fetchWallet } from '../../../lib/wallet-api.ts';
import { setWallet } from '../../../lib/wallet-store.ts';
import { fetchGames, pickLocalized } from '../../../lib/games/games-api.ts';
import {
  fetchCurrentGame,
  fetchHangmanOptions,
  fetchMatch,
  sendMove,
  startHangman,
  type GameSetup,
  type HangmanOptions,
  type HangmanView,
} from '../../../lib/hangman/hangman-api.ts';
import { hangmanMachine } from './hangman-machine.ts';
import './hangman.css';

const loadPlay = () => import('./hangman-play.tsx');
const GameBoard = lazy(() => loadPlay().then((module) => ({ default: module.GameBoard })));
const ResultPanel = lazy(() => loadPlay().then((module) => ({ default: module.ResultPanel })));

/** `/hangman`: set up, pay and play a single-player game; the turn machine drives every step. */
export function HangmanPage() {
  const { t } = useTranslation('hangman');
  useDocumentMeta(t('meta.title'), t('meta.description'));
  const locale = useLocale();
  const signedIn = useAuth(selectIsSignedIn);
  const tokenProblem = useTokenProblem();
  const errorText = useErrorText();
  const options = useApiQuery((signal) => fetchHangmanOptions(signal));
  const catalogue = useApiQuery((signal) => fetchGames(signal));
  const [plays, setPlays] = useState<{ played: number; limit: number } | null>(null);

  // The machine is built once; its actions reach the current toast and error helpers through this ref.
  const helpers = useRef({ tokenProblem, errorText });
  helpers.current = { tokenProblem, errorText };
  const [machine] = useState(() =>
    hangmanMachine.provide({
      actors: {
        startGame: fromPromise(async ({ input }: { input: GameSetup }) => {
          const started = await startHangman(input);
          return { ...started, receivedAt: Date.now() };
        }),
        submitMove: fromPromise(({ input }) => sendMove(input.matchId, input.move)),
        refreshMatch: fromPromise(({ input }) => fetchMatch(input.matchId)),
      },
      actions: {
        reportProblem: (_, error) => {
          if (!helpers.current.tokenProblem.handle(error)) notify.error(helpers.current.errorText(error));
        },
        walletChanged: () => {
          fetchWallet().then(setWallet, () => undefined);
        },
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const { view, setup, serverOffsetMs } = snapshot.context;
  const phase = snapshot.value as 'setup' | 'starting' | 'playing' | 'submitting' | 'checkingTime' | 'over';

  // A game still running (a reload, another tab) carries on instead of being paid for again.
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetchCurrentGame(controller.signal).then(
      (current) => {
        setPlays(current.plays);
        if (current.match) send({ type: 'RESUME', matchId: current.match.matchId, view: current.match.view });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [signedIn, send, phase === 'over']); // re-read after each game: today's count changed

  const guess = useCallback((letter: string) => send({ type: 'GUESS', letter }), [send]);
  const timeUp = useCallback(() => send({ type: 'TIME_UP' }), [send]);
  const inGame = phase === 'playing' || phase === 'submitting' || phase === 'checkingTime';
  // The game in play has the whole screen: the keyboard's last row is never under the bottom bar.
  useFullScreenWhile(inGame);
  // The board's code is not on the first screen's path; it is fetched once that screen is drawn, ready for the start.
  useEffect(() => afterFirstScreen(() => void loadPlay().catch(() => undefined)), []);

  const instructions = catalogue.data?.find((game) => game.slug === 'hangman');

  return (
    <section className="page hangman-page" aria-labelledby="hangman-title">
      <header className="page-header">
        <h1 id="hangman-title">{t('heading')}</h1>
      </header>

      {(phase === 'setup' || phase === 'starting') && (
        <SetupForm
          options={options.data}
          cost={options.data?.cost ?? 0}
          initial={setup ?? { language: locale === 'am' ? 'am' : 'en' }}
          starting={phase === 'starting'}
          signedIn={signedIn}
          plays={plays}
          onStart={(chosen) => send({ type: 'START', setup: chosen })}
        />
      )}
      {/* Drawn at once, before the catalogue answers: it is the largest thing on the first screen, and waiting for
          an API call to draw it made the page slow to show. Only its text (closed by default) waits for the catalogue. */}
      {(phase === 'setup' || phase === 'starting') && catalogue.status !== 'error' && (
        <details className="card hangman-rules">
          <summary>{t('setup.howToPlay')}</summary>
          {instructions ? (
            <p>{pickLocalized(instructions.instructions ?? instructions.description, locale)}</p>
          ) : (
            <p aria-busy="true">
              <span className="visually-hidden">{t('setup.loadingRules')}</span>
              <Skeleton height="3rem" />
            </p>
          )}
        </details>
      )}

      {view && inGame && options.data && (
        <Suspense fallback={<Skeleton height="24rem" radius="var(--radius-lg)" />}>
          <GameBoard
            view={view}
            options={options.data}
            busy={phase !== 'playing'}
            serverOffsetMs={serverOffsetMs}
            locale={locale}
            onKey={guess}
            onHint={() => send({ type: 'HINT' })}
            onTimeUp={timeUp}
          />
        </Suspense>
      )}

      {view && phase === 'over' && (
        <Suspense fallback={null}>
          <ResultPanel view={view} onPlayAgain={() => send({ type: 'PLAY_AGAIN' })} onChangeSetup={() => send({ type: 'CHANGE_SETUP' })} />
        </Suspense>
      )}

      <Announcer view={view} />
    </section>
  );
}

function SetupForm({
  options,
  cost,
  initial,
  starting,
  signedIn,
  plays,
  onStart,
}: {
  options: HangmanOptions | null;
  cost: number;
  initial: GameSetup;
  starting: boolean;
  signedIn: boolean;
  plays: { played: number; limit: number } | null;
  onStart: (setup: GameSetup) => void;
}) {
  const { t } = useTranslation('hangman');
  const locale = useLocale();
  const [language, setLanguage] = useState<'en' | 'am'>(initial.language);
  const [category, setCategory] = useState(initial.category ?? '');
  const [difficulty, setDifficulty] = useState(initial.difficulty ?? '');
  const forLanguage = options?.languages.find((l) => l.language === language);

  // The form is drawn at once, in its final size, and filled in when the options arrive: the sign-in button is the
  // largest thing on the first screen, and it needs no options. Until then nothing can be chosen or started.
  const loading = !options;

  return (
    <form
      className="card stack hangman-setup"
      aria-labelledby="hangman-setup-title"
      aria-busy={loading}
      onSubmit={(event) => {
        event.preventDefault();
        onStart({ language, ...(category ? { category } : {}), ...(difficulty ? { difficulty } : {}) });
      }}
    >
      <h2 id="hangman-setup-title" className="section-title">
        {t('setup.title')}
      </h2>
      <fieldset className="field">
        <legend className="field-label">{t('setup.language')}</legend>
        <div className="chips">
          {(['en', 'am'] as const).map((id) => (
            <label key={id} className="chip chip-radio">
              <input
                type="radio"
                name="language"
                value={id}
                checked={language === id}
                data-testid={`language-${id}`}
                onChange={() => {
                  setLanguage(id);
                  setCategory('');
                }}
              />
              <span>{t(`setup.languages.${id}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <label className="field">
        <span className="field-label">{t('setup.category')}</span>
        <select
          className="input"
          value={category}
          disabled={loading}
          data-testid="category-select"
          onChange={(event) => setCategory(event.target.value)}
        >
          <option value="">{t('setup.anyCategory')}</option>
          {forLanguage?.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {pickLocalized(c.label, locale)}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="field">
        <legend className="field-label">{t('setup.difficulty')}</legend>
        <div className="chips">
          {[{ id: '', label: null }, ...(forLanguage?.difficulties ?? [])].map((d) => (
            <label key={d.id || 'any'} className="chip chip-radio">
              <input
                type="radio"
                name="difficulty"
                value={d.id}
                checked={difficulty === d.id}
                data-testid={`difficulty-${d.id || 'any'}`}
                onChange={() => setDifficulty(d.id)}
              />
              <span>{d.label ? pickLocalized(d.label, locale) : t('setup.anyDifficulty')}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {plays && <p className="muted small">{t('setup.playsToday', { played: plays.played, limit: plays.limit })}</p>}
      {signedIn ? (
        <button type="submit" className="button button-primary button-block" disabled={starting || loading} data-testid="start-game">
          {loading ? t('setup.loadingOptions') : starting ? t('setup.starting') : t('setup.start', { count: cost })}
        </button>
      ) : (
        <LocaleLink
          to={`/login?redirect=${encodeURIComponent(locale === 'am' ? '/am/hangman' : '/hangman')}`}
          className="button button-primary button-block"
          data-testid="sign-in-to-play"
        >
          {t('setup.signInToPlay')}
        </LocaleLink>
      )}
    </form>
  );
}

/** Says what each move did, for screen readers: the letter found or missed, the hint, the result. */
function Announcer({ view }: { view: HangmanView | null }) {
  const { t } = useTranslation('hangman');
  const [message, setMessage] = useState('');
  const previous = useRef<HangmanView | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = view;
    if (!view || !before || before.matchId !== view.matchId) return;
    if (view.status !== 'playing' && before.status === 'playing') {
      setMessage(
        view.status === 'won'
          ? t('result.announceWon', { word: view.word ?? '', score: view.score ?? 0, tokens: view.tokensWon ?? 0, xp: view.xpWon ?? 0 })
          : t('result.announceLost', { word: view.word ?? '' }),
      );
      return;
    }
    const letter = view.guessed.at(-1);
    if (!letter || view.guessed.length === before.guessed.length) return;
    const shown = view.language === 'en' ? letter.toUpperCase() : letter;
    if (view.hintsLeft < before.hintsLeft) setMessage(t('game.announceHint', { letter: shown }));
    else if (view.missed.length > before.missed.length) setMessage(t('game.announceMiss', { letter: shown, count: view.livesLeft }));
    else setMessage(t('game.announceHit', { letter: shown }));
  }, [view, t]);
  return (
    <p className="visually-hidden" aria-live="polite" role="status" data-testid="announcer">
      {message}
    </p>
  );
}
