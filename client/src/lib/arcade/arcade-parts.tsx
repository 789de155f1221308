import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink, useLocale } from '../../components/locale-link.tsx';
import { ResultSheet } from '../../components/result-sheet.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { useNow } from '../../hooks/use-now.ts';
import { useFullScreenWhile } from '../full-screen.ts';
import { fetchGames, pickLocalized } from '../games/games-api.ts';
import type { ArcadeView } from './arcade-api.ts';
import type { ArcadeGame } from './use-arcade-game.ts';
import './arcade.css';

/**
 * What every arcade game's page shares around its own board: the page frame with the game's title, the start panel
 * (instructions from the catalogue, price, plays left today, the game's own options, the start button), a countdown on
 * the server's clock, and the result card with the link that verifies the game on /fairness.
 */
export function ArcadePage({ slug, game, children }: { slug: string; game: ArcadeGame; children: ReactNode }) {
  const { t } = useTranslation('arcade');
  const locale = useLocale();
  const catalogue = useApiQuery((signal) => fetchGames(signal));
  const entry = catalogue.data?.find((g) => g.slug === slug);
  const title = entry ? pickLocalized(entry.title, locale) : '';
  useDocumentMeta(title || t('loading'), entry ? pickLocalized(entry.description, locale) : '');
  // The game in play has the whole screen; the setup and the result keep the app's header and bottom bar.
  useFullScreenWhile(game.phase === 'playing');
  return (
    <section className={`page arcade-page arcade-${game.phase}`} aria-labelledby="arcade-title" data-testid={`${slug}-page`}>
      <header className="page-header arcade-header">
        <h1 id="arcade-title">{title}</h1>
      </header>
      {children}
    </section>
  );
}

/** The setup: the game's options (children), how to play, the price and today's plays, and the start button. */
export function ArcadeStart({
  slug,
  game,
  cost,
  options,
  children,
}: {
  slug: string;
  game: ArcadeGame;
  /** The price shown on the button; the catalogue's by default. */
  cost?: number;
  /** What the start sends: the options the children chose. */
  options: object;
  children?: ReactNode;
}) {
  const { t } = useTranslation('arcade');
  const locale = useLocale();
  const catalogue = useApiQuery((signal) => fetchGames(signal));
  const entry = catalogue.data?.find((g) => g.slug === slug);
  const used = game.plays ? game.plays.played >= game.plays.limit : false;
  return (
    <form
      className="card stack arcade-start"
      onSubmit={(event) => {
        event.preventDefault();
        game.start(options);
      }}
    >
      {entry && <p className="arcade-description">{pickLocalized(entry.description, locale)}</p>}
      {children}
      {entry && (
        <details className="arcade-rules">
          <summary>{t('howToPlay')}</summary>
          <p>{pickLocalized(entry.instructions ?? entry.description, locale)}</p>
        </details>
      )}
      {game.plays && (
        <p className="muted small" data-testid="plays-today">
          {t('playsToday', { played: game.plays.played, limit: game.plays.limit })}
        </p>
      )}
      {game.signedIn ? (
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={game.phase === 'starting' || used}
          data-testid="start-game"
        >
          {game.phase === 'starting' ? t('starting') : t('start', { count: cost ?? entry?.cost ?? 0 })}
        </button>
      ) : (
        <LocaleLink
          to={`/login?redirect=${encodeURIComponent(locale === 'am' ? `/am/${slug}` : `/${slug}`)}`}
          className="button button-primary button-block"
          data-testid="sign-in-to-play"
        >
          {t('signInToPlay')}
        </LocaleLink>
      )}
    </form>
  );
}

/** Seconds left until `deadline` on the server's clock; never negative. */
export function ArcadeCountdown({ deadline, game, label }: { deadline: string | null; game: ArcadeGame; label?: string }) {
  const { t } = useTranslation('arcade');
  const now = useNow(deadline !== null, 250);
  if (!deadline) return null;
  void now;
  const seconds = Math.max(0, Math.ceil((Date.parse(deadline) - game.serverNow()) / 1000));
  return (
    <div className={seconds <= 5 ? 'arcade-countdown arcade-countdown-urgent' : 'arcade-countdown'} data-testid="countdown">
      <span className="muted small">{label ?? t('timeLeft')}</span>
      <time aria-label={t('secondsLeft', { count: seconds })}>{seconds}</time>
    </div>
  );
}

/** The end of a game: won or lost, the score, tokens and XP, the way to check it on /fairness, and play again. */
export function ArcadeResult({
  view,
  game,
  title,
  children,
}: {
  view: ArcadeView;
  game: ArcadeGame;
  title?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('arcade');
  const outcome = view.outcome;
  const won = view.status === 'won';
  return (
    <ResultSheet won={won} testId="arcade-result" title={title ?? (won ? t('won') : t('lost'))}>
      {children}
      {outcome && (
        <dl className="hangman-result-figures">
          <div>
            <dt>{t('score')}</dt>
            <dd data-testid="result-score">{outcome.score}</dd>
          </div>
          <div>
            <dt>{t('tokens')}</dt>
            <dd data-testid="result-tokens">{outcome.tokens}</dd>
          </div>
          <div>
            <dt>{t('xp')}</dt>
            <dd>{outcome.xp}</dd>
          </div>
        </dl>
      )}
      <LocaleLink to={`/fairness?match=${encodeURIComponent(view.matchId)}`} className="button button-block" data-testid="verify-game">
        {t('verify')}
      </LocaleLink>
      <button type="button" className="button button-primary button-block" onClick={game.again} data-testid="play-again">
        {t('playAgain')}
      </button>
    </ResultSheet>
  );
}
