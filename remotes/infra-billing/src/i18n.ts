import { localeLoaders } from '@leadforge/federation';

/** This remote's i18next namespace, registered with the shell's instance when the remote loads. */
export const NAMESPACE = 'infraBilling';

/** One chunk per language, fetched only when that language is shown. */
export const loadLocale = localeLoaders((locale) => import(`./locales/${locale}.json`));
