import type { ConfigProviderProps } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import ptBR from 'antd/locale/pt_BR';
import ukUA from 'antd/locale/uk_UA';
import zhCN from 'antd/locale/zh_CN';
type AntdLocale = NonNullable<ConfigProviderProps['locale']>;
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@leadforge/contracts';

/** antd (and through it pro-components) texts for each interface language. */
export const ANTD_LOCALES: Record<Locale, AntdLocale> = {
  en: enUS,
  uk: ukUA,
  zh: zhCN,
  pt: ptBR,
  es: esES,
};

/** i18next may report `en-US` or `uk`; anything unknown falls back to the default language. */
export function toInterfaceLocale(language: string | undefined | null): Locale {
  const base = (language ?? '').toLowerCase().split('-')[0] ?? '';
  if (base === 'ua') return 'uk';
  return (LOCALES as readonly string[]).includes(base) ? (base as Locale) : DEFAULT_LOCALE;
}

export function antdLocaleFor(language: string | undefined | null): AntdLocale {
  return ANTD_LOCALES[toInterfaceLocale(language)];
}
