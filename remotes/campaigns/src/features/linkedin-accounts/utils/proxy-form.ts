/**
 * The proxy as the connect wizard and the settings drawer hold it (built-in by country, or the
 * user's own host, port, username and password) and as PUT …/proxy and the connect body take it.
 * The password is write-only: a saved one is never shown, and leaving it empty keeps a saved
 * custom proxy unchanged when nothing else of it changes.
 */
import type { ErrorKey, LinkedinAccount, LinkedinProxyBody } from '@leadforge/contracts';

export type ProxyKind = 'builtin' | 'custom';

export type ProxyFormValues = {
  proxyKind: ProxyKind;
  countryId: number | undefined;
  proxy: { host: string; port: number | undefined; username: string; password: string };
};

const EMPTY_CUSTOM = { host: '', port: undefined, username: '', password: '' };

export function proxyFormOf(view: LinkedinAccount['proxy']): ProxyFormValues {
  if (view?.kind === 'custom') return { proxyKind: 'custom', countryId: undefined, proxy: { host: view.host, port: view.port, username: view.username, password: '' } };
  return { proxyKind: 'builtin', countryId: view?.kind === 'builtin' ? view.countryId : undefined, proxy: { ...EMPTY_CUSTOM } };
}

// A field the form never mounted, or one cleared with its clear button, comes back undefined.
export function proxyBodyOf(values: ProxyFormValues): LinkedinProxyBody {
  if (values.proxyKind === 'builtin') return { kind: 'builtin', countryId: Number(values.countryId) };
  const proxy = values.proxy ?? EMPTY_CUSTOM;
  return {
    kind: 'custom',
    proxy: { host: (proxy.host ?? '').trim(), port: Number(proxy.port), username: (proxy.username ?? '').trim(), password: proxy.password ?? '' },
  };
}

/** The proxy to PUT after the settings are saved, or null when the user left it as it was. */
export function proxyChangeOf(view: LinkedinAccount['proxy'], values: ProxyFormValues): LinkedinProxyBody | null {
  const next = proxyBodyOf(values);
  if (next.kind === 'builtin') return view?.kind === 'builtin' && view.countryId === next.countryId ? null : next;
  const same =
    view?.kind === 'custom' &&
    view.host === next.proxy.host &&
    view.port === next.proxy.port &&
    view.username === next.proxy.username &&
    next.proxy.password === '';
  return same ? null : next;
}

/**
 * The form field of a proxy error: the API's dotted field under the body's proxy (`countryId`,
 * `proxy.host`), or, when it names none, the field its key is about.
 */
export function proxyFieldOf(field: string | undefined, key: ErrorKey, kind: ProxyKind): string[] | null {
  if (field === 'countryId') return ['countryId'];
  const custom = field ? /^proxy\.(host|port|username|password)/.exec(field) : null;
  if (custom?.[1]) return ['proxy', custom[1]];
  if (key === 'linkedin_proxy_country_unavailable') return ['countryId'];
  if (key === 'linkedin_proxy_unreachable') return kind === 'custom' ? ['proxy', 'host'] : ['countryId'];
  return null;
}
