import { DEFAULT_LOCALE, LOCALES, fromApiLocale, type Locale } from '@leadforge/contracts';

export const SUPPORTED_LOCALES: readonly Locale[] = LOCALES;
export const FALLBACK_LOCALE: Locale = DEFAULT_LOCALE;

/** Cookie remembering the visitor's choice before (and besides) the account setting. Holds a UI code. */
export const LOCALE_COOKIE = 'lf_lang';
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Namespaces of the shell; each remote adds its own with `registerNamespace`. */
export const SHELL_NAMESPACES = ['common', 'shell', 'auth', 'home', 'rewards', 'errors'] as const;
export type ShellNamespace = (typeof SHELL_NAMESPACES)[number];

/**
 * Maps a language tag from any source (`uk-UA`, `pt-BR`, `zh-Hans-CN`, the API's `ua`) to a
 * supported locale, or null when it names none of them.
 */
export function matchLocale(tag: string | null | undefined): Locale | null {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!base) return null;
  if (base === 'ua') return 'uk';
  return (SUPPORTED_LOCALES as readonly string[]).includes(base) ? fromApiLocale(base) : null;
}

export interface LocaleSources {
  /** The signed-in user's locale from user-info (API code), when known. */
  userLocale?: string | null;
  /** The `lf_lang` cookie value. */
  cookie?: string | null;
  /** `navigator.languages` (or `[navigator.language]`). */
  navigatorLanguages?: readonly string[];
}

/** Detection order of the shell: user-info locale → `lf_lang` cookie → navigator → en. */
export function detectLocale({ userLocale, cookie, navigatorLanguages = [] }: LocaleSources): Locale {
  return (
    matchLocale(userLocale) ??
    matchLocale(cookie) ??
    navigatorLanguages.map(matchLocale).find((locale): locale is Locale => locale !== null) ??
    FALLBACK_LOCALE
  );
}

export function browserNavigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}
