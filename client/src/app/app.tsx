import { RouterProvider, createBrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { useTheme } from '../lib/theme.ts';
import { routes } from './routes.tsx';

// Created on first render, after main.tsx had its chance to rewrite a bare '/' to '/am'.
let router: ReturnType<typeof createBrowserRouter> | null = null;

export function App() {
  router ??= createBrowserRouter(routes);
  const theme = useTheme();
  return (
    <>
      <RouterProvider router={router} />
      <Toaster position="top-right" theme={theme} richColors closeButton offset={{ top: 72 }} mobileOffset={{ top: 64 }} />
    </>
  );
}
