import type { Locale } from '@leadforge/contracts';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enHome from '../locales/en/home.json';
import enRewards from '../locales/en/rewards.json';
import enShell from '../locales/en/shell.json';
import { SHELL_NAMESPACES, SUPPORTED_LOCALES, type ShellNamespace } from './locales';

/** A namespace's translations: nested objects of strings. */
export type ResourceTree = { [key: string]: string | ResourceTree };

/** What a loader may resolve to: the JSON itself or a module whose default export it is. */
export type LoadedResource = ResourceTree | { default: ResourceTree };
export type NamespaceLoader = () => Promise<LoadedResource>;
export type NamespaceLoaders = Record<Locale, NamespaceLoader>;

export function unwrapResource(loaded: LoadedResource): ResourceTree {
  const candidate = (loaded as { default?: unknown }).default;
  return candidate && typeof candidate === 'object' ? (candidate as ResourceTree) : (loaded as ResourceTree);
}

/** English ships inside the main bundle: it is the fallback and must never wait for a request. */
export const BUNDLED_EN: Record<ShellNamespace, ResourceTree> = {
  common: enCommon,
  shell: enShell,
  auth: enAuth,
  home: enHome,
  rewards: enRewards,
  errors: enErrors,
};

function shellLoader(locale: Locale, namespace: ShellNamespace): NamespaceLoader {
  if (locale === 'en') return async () => BUNDLED_EN[namespace];
  // One webpack chunk per locale file, fetched only when that language is chosen.
  return () => import(/* webpackChunkName: "i18n-[request]" */ `../locales/${locale}/${namespace}.json`);
}

export function shellLoaders(namespace: ShellNamespace): NamespaceLoaders {
  return Object.fromEntries(SUPPORTED_LOCALES.map((locale) => [locale, shellLoader(locale, namespace)])) as NamespaceLoaders;
}

export function allShellLoaders(): Record<ShellNamespace, NamespaceLoaders> {
  return Object.fromEntries(SHELL_NAMESPACES.map((namespace) => [namespace, shellLoaders(namespace)])) as Record<
    ShellNamespace,
    NamespaceLoaders
  >;
}
