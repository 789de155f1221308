import { useTranslation } from 'react-i18next';
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

export function TransactionList({ items, locale }: { items: Transaction[]; locale: string }) {
  const { t } = useTranslation('wallet');
  const dateFormat = new Intl.DateTimeFormat(locale === 'am' ? 'am-ET' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <ul className="tx-list" data-testid="tx-list">
      {items.map((tx) => (
        <li key={tx.id} className="tx-row" data-testid="tx-row">
          <div className="tx-main">
            <span className="tx-reason">{isKnownReason(tx.reason) ? t(`reason.${tx.reason}`) : t('reason.other')}</span>
            <time className="tx-time muted" dateTime={tx.at}>
              {dateFormat.format(new Date(tx.at))}
            </time>
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
