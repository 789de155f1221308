import { Suspense, lazy, useSyncExternalStore, type ComponentType } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import type { ToasterProps } from 'sonner';
import { loadToasts, toastsWanted } from '../lib/notify.ts';
import { useTheme } from '../lib/theme.ts';
import { routes } from './routes.tsx';

// Created on first render, after main.tsx had its chance to rewrite a bare '/' to '/am'.
let router: ReturnType<typeof createBrowserRouter> | null = null;

// Mounted with the first toast (lib/notify.ts); without the library (its chunk failed to load) there is none to show.
const noToaster: ComponentType<ToasterProps> = () => null;
const Toaster = lazy(() =>
  loadToasts().then(
    (module): { default: ComponentType<ToasterProps> } => ({ default: module.Toaster }),
    () => ({ default: noToaster }),
  ),
);

export function App() {
  router ??= createBrowserRouter(routes);
  const theme = useTheme();
  const showToasts = useSyncExternalStore(toastsWanted.subscribe, toastsWanted.get);
  return (
    <>
      <RouterProvider router={router} />
      {showToasts && (
        <Suspense fallback={null}>
          <Toaster position="top-right" theme={theme} richColors closeButton offset={{ top: 72 }} mobileOffset={{ top: 64 }} />
        </Suspense>
      )}
    </>
  );
}
