/**
 * The connect wizard's values and what its calls take from them: the sign-in (session cookie, or
 * e-mail and password), the proxy, the time zone and warm-up. Where an error of the catalogue
 * belongs in the wizard: the step and field it names, so the wizard goes back there and marks it.
 */
import {
  type ApiErrorItem,
  type LinkedinAccount,
  type LinkedinLoginBody,
  type RouteBody,
  type linkedinAccountsRoutes,
} from '@leadforge/contracts';
import { proxyBodyOf, proxyFieldOf, type ProxyFormValues } from './proxy-form';

export type LoginMethod = LinkedinLoginBody['method'];

/** The steps in order; a reconnect has no proxy step, and the code step shows only when the network asks. */
export const CONNECT_STEPS = ['login', 'proxy', 'code', 'done'] as const;
export type ConnectStep = (typeof CONNECT_STEPS)[number];

export type ConnectFormValues = ProxyFormValues & {
  method: LoginMethod;
  sessionCookie: string;
  email: string;
  password: string;
  timezone: string;
  warmUp: boolean;
};

type ConnectBody = RouteBody<typeof linkedinAccountsRoutes.connectLinkedinAccount>;

/** A new account signs in by session cookie (no code step), through a built-in proxy, on the browser's clock. */
export function initialConnectValues(timezone: string): ConnectFormValues {
  return {
    method: 'cookie',
    sessionCookie: '',
    email: '',
    password: '',
    proxyKind: 'builtin',
    countryId: undefined,
    proxy: { host: '', port: undefined, username: '', password: '' },
    timezone,
    warmUp: true,
  };
}

export function loginBodyOf(values: ConnectFormValues): LinkedinLoginBody {
  if (values.method === 'cookie') return { method: 'cookie', sessionCookie: (values.sessionCookie ?? '').trim() };
  return { method: 'credentials', email: (values.email ?? '').trim(), password: values.password ?? '' };
}

/** The connect body; `slotId` connects into an empty slot of the caller's (one the lead assigned, or their own). */
export function connectBodyOf(values: ConnectFormValues, slotId?: number): ConnectBody {
  return {
    login: loginBodyOf(values),
    proxy: proxyBodyOf(values),
    timezone: values.timezone,
    warmUp: Boolean(values.warmUp),
    ...(slotId !== undefined ? { slotId } : {}),
  };
}

/** What the wizard shows after an answer: done when active, the code step when the network asks for one. */
export function stepAfter(account: Pick<LinkedinAccount, 'state'>): ConnectStep | null {
  if (account.state === 'active') return 'done';
  if (account.state === 'verification_code' || account.state === 'two_factor_code') return 'code';
  return null;
}

export type ErrorPlace = { step: 'login' | 'proxy'; name: string[] };

/**
 * The step and field an error of the connect or reconnect call belongs on: by the dotted field the
 * API names (`login.sessionCookie`, `proxy.countryId`, `proxy.proxy.host`, `timezone`), else by
 * its key (a refused sign-in is the password's or the cookie's, a silent proxy the proxy's).
 * Null: an error of no field (no free slot, account already connected), shown above the buttons.
 */
export function connectErrorPlace(item: Pick<ApiErrorItem, 'key' | 'field'>, values: Pick<ConnectFormValues, 'method' | 'proxyKind'>): ErrorPlace | null {
  const login = item.field ? /^login\.(sessionCookie|email|password)\b/.exec(item.field) : null;
  if (login?.[1]) return { step: 'login', name: [login[1]] };
  if (item.field === 'timezone') return { step: 'proxy', name: ['timezone'] };
  if (item.field?.startsWith('proxy')) {
    const name = proxyFieldOf(item.field.replace(/^proxy\.?/, ''), item.key, values.proxyKind);
    if (name) return { step: 'proxy', name };
  }
  if (item.key === 'linkedin_session_invalid') return { step: 'login', name: ['sessionCookie'] };
  if (item.key === 'linkedin_login_failed') return { step: 'login', name: [values.method === 'cookie' ? 'sessionCookie' : 'password'] };
  const proxy = proxyFieldOf(undefined, item.key, values.proxyKind);
  return proxy ? { step: 'proxy', name: proxy } : null;
}

/** The browser's own zone, the default of a new account's clock. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
