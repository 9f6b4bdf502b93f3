import type { LocaleLoaders } from '@leadforge/federation';

/** This remote's i18next namespace, registered with the shell's instance when the remote loads. */
export const NAMESPACE = 'unibox';

/** One chunk per language, fetched only when that language is shown. */
export const loadLocale: LocaleLoaders = {
  en: () => import('./locales/en.json').then((module) => module.default),
  uk: () => import('./locales/uk.json').then((module) => module.default),
  zh: () => import('./locales/zh.json').then((module) => module.default),
  pt: () => import('./locales/pt.json').then((module) => module.default),
  es: () => import('./locales/es.json').then((module) => module.default),
};
