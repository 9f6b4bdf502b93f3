import { Suspense, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n as I18nInstance } from 'i18next';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { LoadingState } from '@leadforge/ui';
import { AppProviders } from './providers';
import { createAppRoutes } from './routes';

export type AppProps = { queryClient: QueryClient; i18n: I18nInstance };

export function App({ queryClient, i18n }: AppProps) {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return (
    <AppProviders queryClient={queryClient} i18n={i18n}>
      {/* A language or namespace still loading suspends; the shell waits in one place. */}
      <Suspense fallback={<LoadingState fullscreen />}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>
  );
}
