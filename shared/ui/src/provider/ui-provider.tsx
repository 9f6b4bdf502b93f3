import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import type { Locale } from '@leadforge/contracts';
import { antdLocaleFor, useLocale, type AntdLocale } from '@leadforge/i18n';
import { leadforgeTheme } from '../theme/theme';

export type UiProviderProps = {
  children: ReactNode;
  /** Forces a language; by default the one i18next currently uses. */
  locale?: Locale;
};

/**
 * antd's own texts follow the interface language. English is bundled (the default and fallback);
 * the others are loaded the first time they are chosen.
 */
function useAntdLocale(locale: Locale): AntdLocale {
  const [loaded, setLoaded] = useState<{ locale: Locale; value: AntdLocale }>({ locale: 'en', value: enUS });
  useEffect(() => {
    if (locale === loaded.locale) return;
    let cancelled = false;
    antdLocaleFor(locale).then(
      (value) => {
        if (!cancelled) setLoaded({ locale, value });
      },
      // A missing chunk leaves antd in the previous language; the app itself keeps working.
      (error: unknown) => console.warn('[ui] antd locale failed to load', locale, error),
    );
    return () => {
      cancelled = true;
    };
  }, [locale, loaded.locale]);
  return loaded.value;
}

/**
 * antd ConfigProvider (theme + antd/pro-components texts in the interface language) and antd
 * App, whose context feeds `useToast`, `useApiErrorModal` and every `App.useApp()` of a remote.
 */
export function UiProvider({ children, locale }: UiProviderProps) {
  const current = useLocale();
  const antdLocale = useAntdLocale(locale ?? current);
  return (
    <ConfigProvider theme={leadforgeTheme} locale={antdLocale}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
