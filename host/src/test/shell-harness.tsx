/**
 * Test harness of the shell: the real routes, providers, api-client and i18n, in a memory router,
 * against a small in-test HTTP double handed in as `global.fetch` (the browser's network edge).
 * Only tests import it.
 */
import { configure, render } from '@testing-library/react';
import { Suspense } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { connectRealtime, createQueryClient, type RealtimeSocket } from '@leadforge/api-client';
import type { UserInfo } from '@leadforge/contracts';
import { FEDERATION_NAMESPACE, federationLocaleLoaders } from '@leadforge/federation';
import { createI18n, i18nReady, registerNamespace } from '@leadforge/i18n';
import { buildUserInfo } from '@leadforge/session/test-user-info';
import { AppProviders } from '../app/providers';
import { createAppRoutes } from '../app/routes';

// A cold jsdom render of antd + pro-components takes longer than the 1 s default.
configure({ asyncUtilTimeout: 8_000 });

export type RecordedCall = { method: string; path: string; headers: Record<string, string>; body: unknown };
export type Reply = { status: number; body?: unknown };
export type Handler = (call: RecordedCall) => Reply | undefined;

/** The session package's test user, without the rewards the shell would otherwise show. */
export function userInfoFixture(overrides: Partial<UserInfo> = {}): UserInfo {
  return buildUserInfo({ gamification: null, allowGamification: false, ...overrides });
}

export { anonymousUserInfo } from '@leadforge/session/test-user-info';

/** The API as the shell sees it: user-info, a CSRF token, and whatever the test adds. */
export function installFetchDouble(userInfo: () => UserInfo, extra: Handler = () => undefined) {
  const calls: RecordedCall[] = [];
  const double = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: `${url.pathname}${url.search}`,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    let reply = extra(call);
    if (!reply && call.method === 'GET' && url.pathname === '/user-info') reply = { status: 200, body: userInfo() };
    if (!reply && url.pathname === '/auth/csrf') reply = { status: 200, body: { token: 'csrf-token-1' } };
    if (!reply && url.pathname === '/unread-messages-count') reply = { status: 200, body: { unreadMessages: 3 } };
    reply ??= { status: 404, body: { errors: [{ key: 'not_found', title: 'Not found', description: 'Nothing here.' }] } };
    // jsdom has no fetch Response; this is the part of one the api-client reads.
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    const status = reply.status;
    return {
      ok: status >= 200 && status < 300,
      status,
      headers: new Headers({ 'content-type': 'application/json' }),
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as unknown as Response;
  };
  global.fetch = double as typeof fetch;
  return calls;
}

/** A socket that never touches the network: the realtime channel stays "connecting". */
export function quietSocket(): RealtimeSocket {
  return { on: () => undefined, off: () => undefined, connect: () => undefined, disconnect: () => undefined, active: true };
}

export async function renderShell(path: string) {
  const i18n = createI18n({ lng: 'en' });
  await i18nReady(i18n);
  await registerNamespace(FEDERATION_NAMESPACE, federationLocaleLoaders, i18n);
  connectRealtime({ socket: quietSocket() });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <AppProviders queryClient={queryClient} i18n={i18n}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
