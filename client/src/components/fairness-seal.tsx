import { useTranslation } from 'react-i18next';
import type { MatchFairness } from '@qal/events/contracts';
import { LocaleLink } from './locale-link.tsx';

/**
 * A match's fairness, small (docs/fairness.md): while it is played, the sealed seed (the commitment shown from the
 * start, so the player can note it); once it is over, the revealed server seed and the link that checks the match on
 * /fairness. Nothing for a match started before its game drew from the fairness module (`fairness` null).
 */
export function FairnessSeal({ matchId, fairness }: { matchId: string; fairness: MatchFairness | null }) {
  const { t } = useTranslation();
  if (!fairness) return null;
  if (fairness.serverSeed === null) {
    return (
      <p className="fairness-seal muted small" title={fairness.commitment} data-testid="fairness-commitment">
        {t('fairness.sealed')} <code>{fairness.commitment.slice(0, 16)}…</code>
      </p>
    );
  }
  return (
    <p className="fairness-seal muted small" data-testid="fairness-revealed">
      {t('fairness.revealed')} <code title={fairness.serverSeed}>{fairness.serverSeed.slice(0, 16)}…</code>{' '}
      <LocaleLink to={`/fairness?match=${encodeURIComponent(matchId)}`} data-testid="verify-match">
        {t('fairness.verify')}
      </LocaleLink>
    </p>
  );
}
