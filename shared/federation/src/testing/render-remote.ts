/**
 * Renders a remote's route tree at a URL inside the providers the host gives it (i18n, antd,
 * router), for the remotes' own route tests. Only test files import this module.
 */
import { createElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createI18n, registerNamespace, type I18nInstance } from '@leadforge/i18n';
import { UiProvider } from '@leadforge/ui';
import type { Locale } from '@leadforge/contracts';
import type { RemoteModule } from '../remote-module';
import { RemoteRoutesView } from '../remote-routes';

export const ROOT_MARKER = 'root of the shell';

export async function createRemoteTestI18n(module: RemoteModule, lng: Locale = 'en'): Promise<I18nInstance> {
  const instance = createI18n({ lng });
  await registerNamespace(module.namespace, module.loadLocale, instance);
  return instance;
}

/**
 * Mounts the remote like the host does (under a splat, with the host's query client); `/` shows
 * ROOT_MARKER so redirects are visible. Queries are not retried: a screen's error state shows at once.
 */
export function renderRemoteAt(module: RemoteModule, path: string, i18n: I18nInstance): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        I18nextProvider,
        { i18n },
        createElement(
          UiProvider,
          null,
          createElement(
            MemoryRouter,
            { initialEntries: [path] },
            createElement(
              Routes,
              null,
              createElement(Route, { path: '/', element: ROOT_MARKER }),
              createElement(Route, { path: '*', element: createElement(RemoteRoutesView, { module }) }),
            ),
          ),
        ),
      ),
    ),
  );
}
