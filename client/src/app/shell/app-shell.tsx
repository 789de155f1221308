import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { BottomBar } from './bottom-bar.tsx';
import { Header } from './header.tsx';
import { RealtimeBanner } from './realtime-banner.tsx';

export function AppShell() {
  const { t } = useTranslation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <Header />
      <RealtimeBanner />
      <main className="main" id="main">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomBar />
    </div>
  );
}
