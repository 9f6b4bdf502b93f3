import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@leadforge/contracts';
import { leadforgeTheme } from '../theme/theme';
import { antdLocaleFor } from './antd-locales';

export type UiProviderProps = {
  children: ReactNode;
  /** Forces a language; by default the one i18next currently uses. */
  locale?: Locale;
};

/**
 * antd ConfigProvider (theme + antd/pro-components texts in the interface language) and antd
 * App, whose context feeds `useToast`, `useApiErrorModal` and every `App.useApp()` of a remote.
 */
export function UiProvider({ children, locale }: UiProviderProps) {
  const { i18n } = useTranslation();
  const language = locale ?? i18n.language;
  return (
    <ConfigProvider theme={leadforgeTheme} locale={antdLocaleFor(language)}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
