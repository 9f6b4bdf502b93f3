import { LOCALES, type Locale } from '@leadforge/contracts';
import type { LoadedResource, NamespaceLoaders } from '@leadforge/i18n';
import type { RouteObject } from 'react-router-dom';

/** One loader per locale (en, uk, zh, pt, es): each resolves to the namespace's texts or a JSON module. */
export type LocaleLoaders = NamespaceLoaders;

/**
 * A remote's loaders from its one `(locale) => import(...)` of `./locales/${locale}.json` (the import
 * stays in the remote's folder so webpack resolves it there): one chunk per language, fetched only
 * when that language is shown.
 */
export function localeLoaders(load: (locale: Locale) => Promise<LoadedResource>): LocaleLoaders {
  return Object.fromEntries(LOCALES.map((locale) => [locale, () => load(locale)])) as LocaleLoaders;
}

/**
 * What a remote's `./routes` expose default-exports. Route paths are absolute (`/prospects/all`):
 * a remote owns several top-level prefixes, so the host mounts it under any splat and
 * `RemoteRoutes` matches the tree against the full location.
 */
export interface RemoteModule {
  routes: RouteObject[];
  /** The remote's i18next namespace, registered lazily when the remote first loads. */
  namespace: string;
  loadLocale: LocaleLoaders;
}

/**
 * A remote's texts without its routes: what a component test needs to render one component in the
 * remote's namespace (`./routes` imports every screen of the area).
 */
export type RemoteTexts = Pick<RemoteModule, 'namespace' | 'loadLocale'>;

/** `handle` of a remote route: read by `RemoteRoutes` for the document title. */
export interface RemoteRouteHandle {
  /** Key in the remote's namespace. */
  titleKey?: string;
  /** Public utility route: also rendered in the unauthenticated area. */
  public?: boolean;
}

/** Runtime shape check of what came over the wire: a remote is another team's build. */
export function isRemoteModule(value: unknown): value is RemoteModule {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<RemoteModule>;
  return (
    Array.isArray(candidate.routes) &&
    typeof candidate.namespace === 'string' &&
    candidate.namespace.length > 0 &&
    typeof candidate.loadLocale === 'object' &&
    candidate.loadLocale !== null &&
    Object.values(candidate.loadLocale).every((loader) => typeof loader === 'function')
  );
}
