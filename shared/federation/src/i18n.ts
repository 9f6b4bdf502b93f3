import type { LocaleLoaders } from './remote-module';

/** The federation helpers' own texts: area names, menu labels and fallbacks. */
export const FEDERATION_NAMESPACE = 'federation';

export const federationLocaleLoaders: LocaleLoaders = {
  en: () => import('./locales/en.json').then((module) => module.default),
  uk: () => import('./locales/uk.json').then((module) => module.default),
  zh: () => import('./locales/zh.json').then((module) => module.default),
  pt: () => import('./locales/pt.json').then((module) => module.default),
  es: () => import('./locales/es.json').then((module) => module.default),
};
