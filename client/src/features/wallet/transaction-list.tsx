import { useTranslation } from 'react-i18next';
import { DateText } from '../../components/date-text.tsx';
import { LocaleLink } from '../../components/locale-link.tsx';
import type { Locale } from '../../config/constants.ts';
import type { Transaction } from './wallet-api.ts';

const KNOWN_REASONS = [
  'welcome_grant',
  'daily_bonus',
  'purchase',
  'game_fee',
  'entry_fee',
  'bet_stake',
  'penalty',
  'payout',
  'reward',
  'refund',
] as const;
type KnownReason = (typeof KNOWN_REASONS)[number];
const isKnownReason = (reason: string): reason is KnownReason => (KNOWN_REASONS as readonly string[]).includes(reason);

const KNOWN_STATUSES = ['pending', 'voided', 'expired'] as const;
type NotPosted = (typeof KNOWN_STATUSES)[number];
const isNotPosted = (status: string): status is NotPosted => (KNOWN_STATUSES as readonly string[]).includes(status);

export function formatSignedAmount(amount: number, locale: string): string {
  const digits = new Intl.NumberFormat(locale).format(Math.abs(amount));
  if (amount > 0) return `+${digits}`;
  if (amount < 0) return `\u2212${digits}`;
  return digits;
}

/**
 * Room games' match ids name their module before the dot (each module id to the catalogue game it counts under); a
 * single-player Hangman game's id is a bare uuid; any other prefix is an arcade game's slug.
 */
const ROOM_GAME_OF_MODULE: Readonly<Record<string, string>> = {
  'hangman-duel': 'hangman',
  crazy: 'crazy',
  'codebreaker-race': 'codebreaker',
};

/**
 * Where a movement's game can be seen again: a room match's replay, an arcade game's check on /fairness (it shows the
 * whole finished game), single-player Hangman's page; and which catalogue game it was.
 */
export function gameLinkOf(matchId: string): { slug: string; to: string } {
  const at = matchId.indexOf('.');
  const prefix = at > 0 ? matchId.slice(0, at) : null;
  if (prefix === null) return { slug: 'hangman', to: '/hangman' };
  const roomGame = ROOM_GAME_OF_MODULE[prefix];
  if (roomGame) return { slug: roomGame, to: `/multiplayer/replay/${encodeURIComponent(matchId)}` };
  return { slug: prefix, to: `/fairness?match=${encodeURIComponent(matchId)}` };
}

export function TransactionList({
  items,
  locale,
  gameTitle,
}: {
  items: Transaction[];
  locale: Locale;
  /** A game's title by its catalogue slug (empty while unknown). */
  gameTitle?: (slug: string) => string;
}) {
  const { t } = useTranslation('wallet');
  return (
    <ul className="tx-list" data-testid="tx-list">
      {items.map((tx) => (
        <li key={tx.id} className="tx-row" data-testid="tx-row">
          <div className="tx-main">
            <span className="tx-reason">{isKnownReason(tx.reason) ? t(`reason.${tx.reason}`) : t('reason.other')}</span>
            {tx.matchId && <GameLink matchId={tx.matchId} title={gameTitle} />}
            <span className="tx-time muted">
              <DateText value={tx.at} locale={locale} time />
            </span>
          </div>
          <div className="tx-side">
            <span className={`tx-amount ${tx.amount >= 0 ? 'tx-in' : 'tx-out'}`}>{formatSignedAmount(tx.amount, locale)}</span>
            {isNotPosted(tx.status) && <span className="badge">{t(`status.${tx.status}`)}</span>}
          </div>
        </li>
      ))}
    </ul>
  );
}

function GameLink({ matchId, title }: { matchId: string; title: ((slug: string) => string) | undefined }) {
  const { t } = useTranslation('wallet');
  const link = gameLinkOf(matchId);
  return (
    <LocaleLink to={link.to} className="tx-game small" data-testid="tx-game">
      {title?.(link.slug) || t('game')}
    </LocaleLink>
  );
}
