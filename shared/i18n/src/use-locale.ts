import type { Locale } from '@leadforge/contracts';
import { useTranslation } from 'react-i18next';
import { FALLBACK_LOCALE, matchLocale } from './locales';

/** The interface language, re-rendering on change. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return matchLocale(i18n.resolvedLanguage ?? i18n.language) ?? FALLBACK_LOCALE;
}
