export { Trans, I18nextProvider, useTranslation } from 'react-i18next';
export type { TFunction } from 'i18next';
export {
  changeLocale,
  createI18n,
  currentLocale,
  i18n,
  i18nReady,
  isSignedInForLocale,
  registerNamespace,
  syncLocaleWithUser,
  type ChangeLocaleOptions,
  type CreateI18nOptions,
  type I18nInstance,
} from './i18n';
export {
  FALLBACK_LOCALE,
  LOCALE_COOKIE,
  SHELL_NAMESPACES,
  SUPPORTED_LOCALES,
  detectLocale,
  matchLocale,
  type LocaleSources,
  type ShellNamespace,
} from './locales';
export {
  BUNDLED_EN,
  unwrapResource,
  type LoadedResource,
  type NamespaceLoader,
  type NamespaceLoaders,
  type ResourceTree,
} from './resources';
export { antdLocaleFor, type AntdLocale } from './antd-locale';
export { assertCompleteLocales, findLocaleProblems, shareIdenticalToEnglish, type LocaleResources } from './completeness';
export { useLocale } from './use-locale';
