import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider as JotaiProvider, getDefaultStore } from 'jotai';
import type { i18n as I18nInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { UiProvider } from '@leadforge/ui';

export type AppProvidersProps = {
  queryClient: QueryClient;
  i18n: I18nInstance;
  children: ReactNode;
};

/**
 * The providers every screen (the shell's and the remotes') renders inside. jotai uses the default
 * store on purpose: the realtime status and session atoms of the shared packages live there.
 */
export function AppProviders({ queryClient, i18n, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={getDefaultStore()}>
        <I18nextProvider i18n={i18n}>
          <UiProvider>{children}</UiProvider>
        </I18nextProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
}
