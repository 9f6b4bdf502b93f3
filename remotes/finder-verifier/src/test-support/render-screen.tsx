import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '@leadforge/api-client';
import { createRemoteTestI18n } from '@leadforge/federation/testing/render-remote';
import { UiProvider } from '@leadforge/ui';
import remoteModule from '../routes';

/** Renders one screen or component inside the providers the host gives a remote. */
export async function renderScreen(element: ReactElement, path = '/') {
  const i18n = await createRemoteTestI18n(remoteModule);
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <UiProvider>
          <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
        </UiProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
