import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, useErrorText } from '../../components/error-message.tsx';
import { useLocale } from '../../components/locale-link.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { useApiQuery } from '../../hooks/use-api-query.ts';
import { newIdempotencyKey } from '../../lib/api-client.ts';
import { authActor, selectUser, useAuth } from '../../lib/auth/auth-live.ts';
import { notify } from '../../lib/notify.ts';
import { useRealtimeState } from '../../lib/realtime/realtime.ts';
import { fetchWallet } from '../../lib/wallet-api.ts';
import { setWallet, useWallet } from '../../lib/wallet-store.ts';
import { PurchaseSheet } from './purchase-sheet.tsx';
import { fetchGames, pickLocalized } from '../../lib/games/games-api.ts';
import { TransactionList } from './transaction-list.tsx';
import { claimDailyBonus, fetchPackages, fetchTransactions, type TokenPackage, type Transaction } from './wallet-api.ts';

function refreshWallet(): void {
  fetchWallet().then(setWallet, () => {});
}

/** When the history is read again after a wallet push, for a read model that lags the push. */
const HISTORY_CATCH_UP_MS = [400, 1_500] as const;
export function WalletPage() {
  const { t } = useTranslation('wallet');
  const locale = useLocale();
  const catalogue = useApiQuery((signal) => fetchGames(signal));
  const gameTitle = (slug: string) => pickLocalized(catalogue.data?.find((g) => g.slug === slug)?.title, locale);
  const user = useAuth(selectUser);
  const wallet = useWallet();
  const realtimeState = useRealtimeState();
  const errorText = useErrorText();
  const number = new Intl.NumberFormat(locale);

  useEffect(refreshWallet, []);

  // Daily bonus: one key per click, so a double tap or a retried request credits once.
  const [claiming, setClaiming] = useState(false);
  const claim = async () => {
    setClaiming(true);
    try {
      const result = await claimDailyBonus(newIdempotencyKey());
      authActor.send({ type: 'USER_UPDATED', user: result.user });
      notify.success(t('bonusClaimed', { count: result.amount }));
      refreshWallet();
      txHistory.reload();
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setClaiming(false);
    }
  };

  const packages = useApiQuery((signal) => fetchPackages(signal));
  const [buying, setBuying] = useState<TokenPackage | null>(null);

  const txHistory = useTransactions();
  const reloadHistory = txHistory.reload;
  const lastWallet = useRef(wallet);
  useEffect(() => {
    // A pushed wallet change means a new transfer: show it in the history too. The push comes from the ledger's
    // own event, and the history from its read model, which may be a moment behind: look again shortly after.
    const previous = lastWallet.current;
    lastWallet.current = wallet;
    if (!previous || !wallet || (previous.balance === wallet.balance && previous.held === wallet.held)) return;
    reloadHistory();
    const timers = HISTORY_CATCH_UP_MS.map((ms) => setTimeout(reloadHistory, ms));
    return () => timers.forEach(clearTimeout);
  }, [wallet, reloadHistory]);

  const tokens = (value: number | undefined) => (value === undefined ? <Skeleton width="3rem" height="1.5rem" /> : number.format(value));

  return (
    <section className="page" aria-labelledby="wallet-title">
      <header className="page-header">
        <h1 id="wallet-title">{t('title')}</h1>
        <p className="muted live-note">
          <span className={`dot dot-${realtimeState === 'connected' ? 'on' : 'off'}`} aria-hidden="true" />
          {realtimeState === 'connected' ? t('live') : realtimeState === 'failed' ? t('polling') : t('connecting')}
        </p>
      </header>

      <div className="card balance-card">
        <div className="balance-main">
          <span className="balance-label">{t('available')}</span>
          <span className="balance-value" data-testid="wallet-available">
            {tokens(wallet?.available)}
          </span>
        </div>
        <dl className="balance-split">
          <div>
            <dt>{t('balance')}</dt>
            <dd data-testid="wallet-balance">{tokens(wallet?.balance)}</dd>
          </div>
          <div>
            <dt>{t('held')}</dt>
            <dd data-testid="wallet-held">{tokens(wallet?.held)}</dd>
          </div>
        </dl>
        {wallet && wallet.held > 0 && <p className="muted small">{t('heldHint')}</p>}
      </div>

      <div className="card bonus-card">
        <div>
          <h2>{t('dailyBonus')}</h2>
          <p className="muted small">{user?.can_claim_daily_bonus ? t('bonusReady') : t('bonusTomorrow')}</p>
        </div>
        <button
          type="button"
          className="button button-primary"
          disabled={!user?.can_claim_daily_bonus || claiming}
          onClick={() => void claim()}
          data-testid="claim-bonus"
        >
          {claiming ? t('claiming') : t('claimBonus')}
        </button>
      </div>

      <h2 className="section-title">{t('buyTokens')}</h2>
      {packages.status === 'loading' && <Skeleton height="6rem" radius="var(--radius-lg)" />}
      {packages.status === 'error' && <LoadError error={packages.error} onRetry={packages.reload} />}
      {packages.status === 'success' && (
        <ul className="package-grid">
          {packages.data.packages.map((pkg) => (
            <li key={pkg.id} className="card package-card" data-testid={`package-${pkg.id}`}>
              <span className="package-tokens">{t('packageTokens', { count: pkg.tokens, formatted: number.format(pkg.tokens) })}</span>
              <span className="package-price">{t('priceEtb', { price: number.format(pkg.priceEtb) })}</span>
              <button
                type="button"
                className="button button-primary button-block"
                onClick={() => setBuying(pkg)}
                data-testid={`buy-${pkg.id}`}
              >
                {t('buy')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {buying && packages.status === 'success' && (
        <PurchaseSheet
          pkg={buying}
          provider={packages.data.provider}
          onClose={() => setBuying(null)}
          onCompleted={() => {
            setBuying(null);
            refreshWallet();
            txHistory.reload();
          }}
        />
      )}

      <h2 className="section-title">{t('history')}</h2>
      {txHistory.status === 'loading' && <Skeleton height="10rem" radius="var(--radius-lg)" />}
      {txHistory.status === 'error' && <LoadError error={txHistory.error} onRetry={txHistory.reload} />}
      {txHistory.status === 'success' &&
        (txHistory.items.length === 0 ? (
          <p className="card empty-state muted" data-testid="tx-list">
            {t('empty')}
          </p>
        ) : (
          <div className="card card-flush">
            <TransactionList items={txHistory.items} locale={locale} gameTitle={gameTitle} />
            {txHistory.nextCursor && (
              <button
                type="button"
                className="button button-ghost button-block"
                disabled={txHistory.loadingMore}
                onClick={txHistory.loadMore}
                data-testid="load-more"
              >
                {txHistory.loadingMore ? t('loading') : t('loadMore')}
              </button>
            )}
          </div>
        ))}
    </section>
  );
}

type HistoryState = {
  status: 'loading' | 'success' | 'error';
  items: Transaction[];
  nextCursor: string | null;
  error: unknown;
  loadingMore: boolean;
};

/** Newest first, 20 at a time; "load more" follows the server's cursor. */
function useTransactions() {
  const [state, setState] = useState<HistoryState>({
    status: 'loading',
    items: [],
    nextCursor: null,
    error: null,
    loadingMore: false,
  });
  const generation = useRef(0);

  const reload = useCallback(() => {
    const current = ++generation.current;
    fetchTransactions(null).then(
      (page) => {
        if (current === generation.current) {
          setState({ status: 'success', items: page.items, nextCursor: page.nextCursor, error: null, loadingMore: false });
        }
      },
      (error: unknown) => {
        if (current === generation.current) setState((s) => (s.status === 'success' ? s : { ...s, status: 'error', error }));
      },
    );
  }, []);

  useEffect(reload, [reload]);

  const loadMore = useCallback(() => {
    setState((s) => {
      if (!s.nextCursor || s.loadingMore) return s;
      const current = generation.current;
      fetchTransactions(s.nextCursor).then(
        (page) => {
          if (current !== generation.current) return;
          setState((latest) => {
            const seen = new Set(latest.items.map((item) => item.id));
            return {
              ...latest,
              items: [...latest.items, ...page.items.filter((item) => !seen.has(item.id))],
              nextCursor: page.nextCursor,
              loadingMore: false,
            };
          });
        },
        (error: unknown) => {
          notify.error(error instanceof Error && error.message ? error.message : String(error));
          setState((latest) => ({ ...latest, loadingMore: false }));
        },
      );
      return { ...s, loadingMore: true };
    });
  }, []);

  return { ...state, reload, loadMore };
}
