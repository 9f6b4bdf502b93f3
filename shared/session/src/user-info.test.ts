/**
 * @jest-environment node
 */
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { ApiError, createApiClient } from '@leadforge/api-client';
import { sendJson, startTestServer, type TestServer } from '@leadforge/api-client/test-server';
import { MemoryStorage } from '@leadforge/api-client/testing/memory-storage';
import { currentLocale, i18n, i18nReady } from '@leadforge/i18n';
import { userInfoAtom, sessionFactsAtom } from './atoms';
import { TWO_FACTOR_PENDING_KEY, applyUserInfo, createUserInfoQueryOptions, isTwoFactorPending, sessionKeys } from './user-info';
import { anonymousUserInfo, buildUserInfo } from './test-user-info';

let server: TestServer;
beforeAll(() => i18nReady());
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
  await i18n.changeLanguage('en');
});

function setup(answer: () => { status: number; body: unknown }) {
  server.handle((_request, response) => {
    const { status, body } = answer();
    sendJson(response, status, body);
  });
  const storage = new MemoryStorage();
  let reloads = 0;
  const reload = () => {
    reloads += 1;
  };
  const { callApi } = createApiClient({ baseUrl: server.baseUrl, reloadGuard: { storage, reload } });
  const store = createStore();
  const queryClient = new QueryClient();
  const options = createUserInfoQueryOptions({ callApi, storage, reload, store });
  return { storage, store, queryClient, options, reloads: () => reloads };
}

describe('the start-up user-info query', () => {
  it('publishes the user to the atoms and applies the account language', async () => {
    const { store, queryClient, options, reloads } = setup(() => ({ status: 200, body: buildUserInfo({ locale: 'ua' }) }));
    const info = await queryClient.fetchQuery(options);
    expect(options.queryKey).toEqual(sessionKeys.userInfo);
    expect(info.userHashId).toBe('hash-1');
    expect(store.get(userInfoAtom)?.email).toBe('ada@example.test');
    expect(store.get(sessionFactsAtom).isAnonymous).toBe(false);
    expect(currentLocale()).toBe('uk');
    expect(reloads()).toBe(0);
  });

  it('treats an anonymous answer as a visitor without reloading', async () => {
    const { store, queryClient, options, reloads } = setup(() => ({ status: 200, body: anonymousUserInfo() }));
    await queryClient.fetchQuery(options);
    expect(store.get(sessionFactsAtom).isAnonymous).toBe(true);
    expect(reloads()).toBe(0);
  });

  it('flags a pending second factor and reloads exactly once', async () => {
    const pending = buildUserInfo({ ...anonymousUserInfo(), twoFactorAuth: { isNeedAuth: true } });
    let answer = pending;
    const { storage, queryClient, options, reloads } = setup(() => ({ status: 200, body: answer }));
    await queryClient.fetchQuery(options);
    expect(storage.getItem(TWO_FACTOR_PENDING_KEY)).toBe('1');
    expect(isTwoFactorPending(storage)).toBe(true);
    expect(reloads()).toBe(1);

    // The page after the reload asks again and must not reload a second time.
    await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(reloads()).toBe(1);

    // Once 2FA is done the flag goes away.
    answer = buildUserInfo();
    await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(isTwoFactorPending(storage)).toBe(false);
    expect(reloads()).toBe(1);
  });

  it('reloads on 401 at most once and then fails with the session_expired error', async () => {
    const { queryClient, options, reloads } = setup(() => ({
      status: 401,
      body: { errors: [{ key: 'session_expired', title: 'Session expired', description: 'Sign in again' }] },
    }));
    await expect(queryClient.fetchQuery(options)).rejects.toBeInstanceOf(ApiError);
    expect(reloads()).toBe(1);
    await expect(queryClient.fetchQuery({ ...options, staleTime: 0 })).rejects.toMatchObject({ status: 401 });
    expect(reloads()).toBe(1);
  });
});

describe('applyUserInfo', () => {
  it('puts a fresh user-info from login into the cache and the atom without a request', async () => {
    const queryClient = new QueryClient();
    const store = createStore();
    await applyUserInfo(queryClient, buildUserInfo({ name: 'Grace', locale: 'es' }), store);
    expect(queryClient.getQueryData(sessionKeys.userInfo)).toMatchObject({ name: 'Grace' });
    expect(store.get(userInfoAtom)?.name).toBe('Grace');
    expect(currentLocale()).toBe('es');
    expect(server.requests).toHaveLength(0);
  });
});
