import i18next, { type BackendModule, type i18n as I18nInstance } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { callApi as defaultCallApi, readCookie, writeCookie, type CallApi } from '@leadforge/api-client';
import { changeLanguage as changeLanguageRoute, toApiLocale, type Locale, type UserInfo } from '@leadforge/contracts';
import {
  FALLBACK_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  SHELL_NAMESPACES,
  SUPPORTED_LOCALES,
  browserNavigatorLanguages,
  detectLocale,
  matchLocale,
  type LocaleSources,
} from './locales';
import { BUNDLED_EN, allShellLoaders, unwrapResource, type NamespaceLoaders } from './resources';

export type { I18nInstance };

/**
 * Every namespace's loaders, shell and remotes alike. Module state on purpose: this package is a
 * federation singleton, so a remote registering here reaches the host's i18n instance.
 */
const namespaceLoaders = new Map<string, NamespaceLoaders>(Object.entries(allShellLoaders()));

/** An i18next backend that reads from the registry above (webpack chunks, a remote's loaders). */
const registryBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const locale = matchLocale(language);
    const loader = locale ? namespaceLoaders.get(namespace)?.[locale] : undefined;
    if (!loader) {
      // Nothing to load is not an error worth i18next's retries; the fallback language answers.
      callback(null, {});
      return;
    }
    loader().then(
      (loaded) => callback(null, unwrapResource(loaded)),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const readiness = new WeakMap<I18nInstance, Promise<void>>();

function setDocumentLanguage(language: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = matchLocale(language) ?? FALLBACK_LOCALE;
}

function browserSources(): LocaleSources {
  return { cookie: readCookie(LOCALE_COOKIE), navigatorLanguages: browserNavigatorLanguages() };
}

export interface CreateI18nOptions {
  /** Start in this language instead of detecting one. */
  lng?: Locale;
  /** Where to detect from; by default the `lf_lang` cookie and the navigator (user-info comes later). */
  sources?: LocaleSources;
}

/**
 * Creates and initialises an i18next instance for the shell: English bundled, other languages and
 * every remote namespace loaded on demand. `i18nReady(instance)` resolves once the start language
 * is loaded.
 */
export function createI18n(options: CreateI18nOptions = {}): I18nInstance {
  const instance = i18next.createInstance();
  const lng = options.lng ?? detectLocale(options.sources ?? browserSources());
  instance.use(registryBackend).use(initReactI18next);
  instance.on('languageChanged', setDocumentLanguage);
  const ready = instance
    .init({
      lng,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...SUPPORTED_LOCALES],
      load: 'languageOnly',
      ns: [...SHELL_NAMESPACES],
      defaultNS: 'common',
      resources: { en: BUNDLED_EN },
      // English is bundled; every other language still goes through the backend.
      partialBundledLanguages: true,
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
    .then(() => undefined);
  readiness.set(instance, ready);
  return instance;
}

/** The app's one instance, shared by the host and every remote. */
export const i18n = createI18n();

/** Resolves when the instance has loaded its start language (await it before the first render). */
export function i18nReady(instance: I18nInstance = i18n): Promise<void> {
  return readiness.get(instance) ?? Promise.resolve();
}

export function currentLocale(instance: I18nInstance = i18n): Locale {
  return matchLocale(instance.resolvedLanguage ?? instance.language) ?? FALLBACK_LOCALE;
}

/**
 * Adds a remote's namespace and loads it for the current language (and English as fallback).
 * Registering again (another version of the remote) replaces the loaders and reloads the texts.
 */
export async function registerNamespace(
  namespace: string,
  loaders: NamespaceLoaders,
  instance: I18nInstance = i18n,
): Promise<void> {
  const previous = namespaceLoaders.get(namespace);
  namespaceLoaders.set(namespace, loaders);
  await i18nReady(instance);
  if (previous && previous !== loaders && instance.hasLoadedNamespace(namespace)) {
    await instance.reloadResources(undefined, [namespace]);
    return;
  }
  await instance.loadNamespaces(namespace);
}

/** Whether the page belongs to a signed-in user; set from user-info by @leadforge/session. */
let signedIn = false;

export interface ChangeLocaleOptions {
  instance?: I18nInstance;
  callApi?: CallApi;
  /**
   * Whether to save to the account, when the caller knows the session better than the last
   * user-info this module was told about (a page acting on the very first user-info answer).
   */
  signedIn?: boolean;
}

/**
 * Switches the interface language: texts, the `lf_lang` cookie, `<html lang>`, and for a signed-in
 * user the account setting (POST /change-language with the API code, `uk` → `ua`). Rejects with
 * the ApiError when the account could not be updated; the page has switched anyway.
 */
export async function changeLocale(locale: Locale, options: ChangeLocaleOptions = {}): Promise<void> {
  const instance = options.instance ?? i18n;
  await instance.changeLanguage(locale);
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_SECONDS);
  setDocumentLanguage(locale);
  if (options.signedIn ?? signedIn) {
    const call = options.callApi ?? defaultCallApi;
    await call(changeLanguageRoute, { body: { lang: toApiLocale(locale) } });
    if (lastAccountLocale) lastAccountLocale = { ...lastAccountLocale, locale: toApiLocale(locale) };
  }
}

/**
 * The account language as the server last reported it, per user. A user-info answer only moves
 * the interface when the account language really changed: a refetch that raced a local switch
 * (and still carries the old value) must not switch the interface back.
 */
let lastAccountLocale: { userHashId: string; locale: string } | null = null;

/**
 * Applies user-info to the language: a signed-in user's account locale wins over the cookie and
 * the navigator (detection order), and later `changeLocale` calls save to the account. An
 * anonymous answer carries only the server default, so it does not override the visitor's choice.
 */
export async function syncLocaleWithUser(
  user: Pick<UserInfo, 'userHashId' | 'locale'> | null,
  instance: I18nInstance = i18n,
): Promise<void> {
  signedIn = Boolean(user?.userHashId);
  if (!user?.userHashId) {
    lastAccountLocale = null;
    return;
  }
  const previous = lastAccountLocale;
  lastAccountLocale = { userHashId: user.userHashId, locale: user.locale };
  if (previous && previous.userHashId === user.userHashId && previous.locale === user.locale) return;
  const locale = detectLocale({ userLocale: user.locale });
  if (locale === currentLocale(instance)) return;
  await instance.changeLanguage(locale);
  writeCookie(LOCALE_COOKIE, locale, LOCALE_COOKIE_MAX_AGE_SECONDS);
}

export function isSignedInForLocale(): boolean {
  return signedIn;
}
