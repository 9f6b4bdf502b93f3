/**
 * Renders a remote's route tree at a URL, or one of its components, inside the providers the host
 * gives it (i18n, antd, react-query, router), for the remotes' own tests. Only test files import
 * this module.
 */
import { createElement, type ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@leadforge/api-client';
import { createI18n, registerNamespace, type I18nInstance } from '@leadforge/i18n';
import { UiProvider } from '@leadforge/ui';
import type { Locale } from '@leadforge/contracts';
import type { RemoteModule, RemoteTexts } from '../remote-module';
import { RemoteRoutesView } from '../remote-routes';

export const ROOT_MARKER = 'root of the shell';

// A cold jsdom render of antd on two busy cores can take longer than the 1 s default (CI once needed
// more than 8 s for a drawer's save round trip); findBy waits only as long as the screen needs, so a
// higher ceiling makes nothing slower. The jest test timeout (jest.config.cjs) stays above it.
configure({ asyncUtilTimeout: 20_000 });

export async function createRemoteTestI18n(module: RemoteTexts, lng: Locale = 'en'): Promise<I18nInstance> {
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

export interface RenderInRemoteOptions {
  /** The URL the component sees (its route params are its own to declare with `<Routes>`). */
  path?: string;
  lng?: Locale;
}

/**
 * Mounts one component of a remote (a small one: whole screens are Playwright's) with the remote's
 * namespace and the host's query client, so its queries and retries behave as in the shell.
 */
export async function renderInRemote(
  module: RemoteTexts,
  element: ReactElement,
  { path = '/', lng = 'en' }: RenderInRemoteOptions = {},
): Promise<RenderResult & { queryClient: QueryClient }> {
  const i18n = await createRemoteTestI18n(module, lng);
  const queryClient = createQueryClient();
  const view = render(
    createElement(
      QueryClientProvider,
      { client: queryClient },
      createElement(
        I18nextProvider,
        { i18n },
        createElement(UiProvider, null, createElement(MemoryRouter, { initialEntries: [path] }, element)),
      ),
    ),
  );
  return { ...view, queryClient };
}
