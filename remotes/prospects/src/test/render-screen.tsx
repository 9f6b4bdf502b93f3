/**
 * Renders the area's routes at a URL inside the providers the host gives a remote (i18n with the
 * shell's namespaces, antd, react-query, router), against an in-test HTTP double handed in as
 * `global.fetch` (the browser's network edge; the shell's tests do the same). Test-only.
 */
import { createElement, type ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { getDefaultStore } from 'jotai';
import { createQueryClient } from '@leadforge/api-client';
import { RemoteRoutesView } from '@leadforge/federation';
import { ROOT_MARKER, createRemoteTestI18n } from '@leadforge/federation/testing/render-remote';
import { userInfoAtom } from '@leadforge/session';
import { buildUserInfo } from '@leadforge/session/test-user-info';
import { UiProvider } from '@leadforge/ui';
import remoteModule from '../routes';

// A cold jsdom render of antd + pro-components takes longer than the 1 s default.
configure({ asyncUtilTimeout: 8_000 });

export type RecordedCall = { method: string; path: string; body: unknown };
export type Reply = { status: number; body?: unknown };
export type Handler = (call: RecordedCall) => Reply | undefined;

/** Answers by "METHOD /path" (query string left out); anything else is a 404 from the catalogue. */
export function installApi(answers: Record<string, unknown | ((call: RecordedCall) => Reply)>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  global.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const answer = answers[`${call.method} ${call.path}`];
    let reply: Reply;
    if (url.pathname === '/auth/csrf') reply = { status: 200, body: { token: 'csrf-token-1' } };
    else if (typeof answer === 'function') reply = (answer as (call: RecordedCall) => Reply)(call);
    else if (answer !== undefined) reply = { status: 200, body: answer };
    else reply = { status: 404, body: { errors: [{ key: 'not_found', title: 'Not found', description: 'Nothing here.' }] } };
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
      blob: async () => new Blob([text]),
    } as unknown as Response;
  }) as typeof fetch;
  return calls;
}

/** Signs the test user in (jotai's default store is what the host and remotes share). */
export function signIn(accountId = 10) {
  getDefaultStore().set(userInfoAtom, buildUserInfo({ account: { id: accountId, isTeam: false, isLead: 0, hash: 'acc-1' } }));
}

export async function renderScreen(path: string, lng: 'en' | 'uk' = 'en') {
  const i18n = await createRemoteTestI18n(remoteModule, lng);
  const queryClient = createQueryClient();
  const view = render(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(
        UiProvider,
        null,
        createElement(
          QueryClientProvider,
          { client: queryClient },
          createElement(
            MemoryRouter,
            { initialEntries: [path] },
            createElement(
              Routes,
              null,
              createElement(Route, { path: '/', element: ROOT_MARKER }),
              createElement(Route, { path: '*', element: createElement(RemoteRoutesView, { module: remoteModule }) }),
            ),
          ),
        ),
      ),
    ),
  );
  return { ...view, queryClient, i18n };
}

export { ROOT_MARKER };

/** Renders one component inside the same providers (for pure components driven by props). */
export async function renderWithProviders(element: ReactElement) {
  const i18n = await createRemoteTestI18n(remoteModule, 'en');
  const queryClient = createQueryClient();
  return render(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(UiProvider, null, createElement(QueryClientProvider, { client: queryClient }, createElement(MemoryRouter, null, element))),
    ),
  );
}
