import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { useFullScreen } from '../../lib/full-screen.ts';
import { BottomBar } from './bottom-bar.tsx';
import { GameStrip } from './game-strip.tsx';
import { Header } from './header.tsx';
import { OfflineGate } from './offline-gate.tsx';
import { RealtimeBanner } from './realtime-banner.tsx';

export function AppShell() {
  const { t } = useTranslation();
  // A game in play has the whole screen: a compact strip instead of the header, no bottom bar.
  const fullScreen = useFullScreen();
  return (
    <div className={fullScreen ? 'shell shell-full' : 'shell'}>
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {fullScreen ? <GameStrip /> : <Header />}
      <RealtimeBanner />
      <main className="main" id="main">
        <Suspense fallback={<PageSkeleton />}>
          <OfflineGate>
            <Outlet />
          </OfflineGate>
        </Suspense>
      </main>
      {!fullScreen && <BottomBar />}
    </div>
  );
}
