import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateText } from '../../components/date-text.tsx';
import { useErrorText } from '../../components/error-message.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { useDocumentMeta } from '../../hooks/use-document-meta.ts';
import { selectIsSignedIn, useAuth } from '../../lib/auth/auth-live.ts';
import { fetchFinishedArcadeGames } from '../../lib/arcade/arcade-api.ts';
import { matchesCommitment } from '../../lib/fairness/verify.ts';
import { ClientSeedForm } from '../../lib/arcade/client-seed-form.tsx';
import { fetchGames, pickLocalized } from '../../lib/games/games-api.ts';
import { useLocale } from '../../components/locale-link.tsx';
import { fetchCheckedMatch, type CheckedMatch } from './checked-match.ts';
import './fairness.css';

/**
 * `/fairness`: how a game of chance proves itself (commitment, client seed, nonce, reveal), the player's own client
 * seed, and the check of any of their finished games, done here in the browser with Web Crypto: the revealed seed
 * must hash to the commitment shown at the start, and the game's chance redrawn from it must be what the game did.
 */
export function FairnessPage() {
  const { t } = useTranslation('fairness');
  useDocumentMeta(t('title'), t('intro'));
  const signedIn = useAuth(selectIsSignedIn);
  const [params, setParams] = useSearchParams();
  const matchId = params.get('match');
  return (
    <section className="page fairness-page" aria-labelledby="fairness-title">
      <header className="page-header">
        <h1 id="fairness-title">{t('title')}</h1>
      </header>
      <p>{t('intro')}</p>
      <ol className="card stack fairness-steps">
        <li>{t('steps.commit')}</li>
        <li>{t('steps.clientSeed')}</li>
        <li>{t('steps.nonce')}</li>
        <li>{t('steps.reveal')}</li>
      </ol>
      {signedIn ? (
        <>
          {matchId && <Verification key={matchId} matchId={matchId} />}
          <FinishedGames onPick={(id) => setParams({ match: id })} />
          <ClientSeedForm />
        </>
      ) : (
        <p className="muted">{t('signInToVerify')}</p>
      )}
      <details className="card">
        <summary>{t('algorithm.title')}</summary>
        <p>{t('algorithm.stream')}</p>
        <pre className="fairness-formula">HMAC-SHA256(serverSeed, clientSeed:nonce:cursor)</pre>
        <p>{t('algorithm.sampling')}</p>
      </details>
    </section>
  );
}

type Check = { commitment: boolean; game: { matches: boolean; recomputed: string } | null };

function Verification({ matchId }: { matchId: string }) {
  const { t } = useTranslation('fairness');
  const errorText = useErrorText();
  const [state, setState] = useState<{ match: CheckedMatch; check: Check | null } | { error: string } | null>(null);
  useEffect(() => {
    let live = true;
    (async () => {
      const match = await fetchCheckedMatch(matchId);
      if (live) setState({ match, check: null });
      if (!match.fairness?.serverSeed) return;
      const { serverSeed, clientSeed, nonce, commitment } = match.fairness;
      const commitmentOk = await matchesCommitment(serverSeed, commitment);
      const { GAMES } = await import('../../app/game-registry.ts');
      const verify = await GAMES.verifier(match.game);
      const game = verify ? await verify({ serverSeed, clientSeed, nonce }, match.options, await match.evidence()) : null;
      if (live) setState({ match, check: { commitment: commitmentOk, game } });
    })().catch((error: unknown) => live && setState({ error: errorText(error) }));
    return () => {
      live = false;
    };
    // errorText changes identity each render; the check runs once per match.
  }, [matchId]);

  if (!state) return <p className="card muted">{t('checking')}</p>;
  if ('error' in state) return <p className="card">{state.error}</p>;
  const { match, check } = state;
  const { fairness } = match;
  // A match started before its game drew from the fairness module showed no commitment: there is nothing to check.
  if (!fairness)
    return (
      <p className="card" data-testid="fairness-check" data-match={matchId}>
        {t('check.unfair')}
      </p>
    );
  const fair = check !== null && check.commitment && (check.game?.matches ?? true);
  return (
    <div className="card stack fairness-check" data-testid="fairness-check" data-match={matchId} aria-live="polite">
      <h2 className="section-title">{t('check.title')}</h2>
      <dl className="fairness-seeds">
        <dt>{t('check.commitment')}</dt>
        <dd>
          <code data-testid="fairness-commitment">{fairness.commitment}</code>
        </dd>
        <dt>{t('check.serverSeed')}</dt>
        <dd>
          <code>{fairness.serverSeed ?? t('check.notYet')}</code>
        </dd>
        <dt>{t('check.clientSeed')}</dt>
        <dd>
          <code>{fairness.clientSeed}</code>
        </dd>
        <dt>{t('check.nonce')}</dt>
        <dd>{fairness.nonce}</dd>
      </dl>
      {fairness.serverSeed === null ? (
        <p>{t('check.stillPlaying')}</p>
      ) : check === null ? (
        <p className="muted">{t('checking')}</p>
      ) : (
        <>
          <p data-testid="commitment-check">{check.commitment ? t('check.commitmentOk') : t('check.commitmentBad')}</p>
          {check.game && (
            <p data-testid="outcome-check">
              {check.game.matches ? t('check.outcomeOk') : t('check.outcomeBad')} <span className="muted">{check.game.recomputed}</span>
            </p>
          )}
          <p
            className={fair ? 'fairness-verdict fairness-verdict-ok' : 'fairness-verdict fairness-verdict-bad'}
            data-testid="fairness-verdict"
          >
            {fair ? t('check.fair') : t('check.unfair')}
          </p>
        </>
      )}
    </div>
  );
}

function FinishedGames({ onPick }: { onPick: (matchId: string) => void }) {
  const { t } = useTranslation('fairness');
  const locale = useLocale();
  const games = useApiQuery((signal) => fetchFinishedArcadeGames(signal));
  const catalogue = useApiQuery((signal) => fetchGames(signal));
  const titleOf = (slug: string) => pickLocalized(catalogue.data?.find((g) => g.slug === slug)?.title, locale) || slug;
  if (!games.data || games.data.length === 0) return null;
  return (
    <div className="card stack">
      <h2 className="section-title">{t('games.title')}</h2>
      <ul className="fairness-games">
        {games.data.map((game) => (
          <li key={game.matchId}>
            <button type="button" className="button button-block" onClick={() => onPick(game.matchId)} data-testid="verify-pick">
              {titleOf(game.game)} · {game.status === 'won' ? t('games.won') : t('games.lost')} · {t('games.score', { score: game.score })}{' '}
              · <DateText value={game.finishedAt} locale={locale} time />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
