import { localeLoaders, type RemoteTexts } from '@leadforge/federation';

/** This remote's i18next namespace, registered with the shell's instance when the remote loads. */
export const NAMESPACE = 'infraBilling';

/** One chunk per language, fetched only when that language is shown. */
export const loadLocale = localeLoaders((locale) => import(`./locales/${locale}.json`));

/** The namespace and its loaders, for rendering one of the area's components in a test. */
export const remoteTexts: RemoteTexts = { namespace: NAMESPACE, loadLocale };
