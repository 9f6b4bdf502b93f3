import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import CheckCircleFilled from '@ant-design/icons/es/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons/es/icons/ExclamationCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons/es/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import InfoCircleFilled from '@ant-design/icons/es/icons/InfoCircleFilled';
import { App, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
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
 * antd labels its icons with their English names ("info-circle"), which screen readers read out in
 * every language. A status icon beside its text says nothing more: hidden from assistive tech.
 */
const STATUS_ICONS = {
  successIcon: <CheckCircleFilled aria-hidden />,
  infoIcon: <InfoCircleFilled aria-hidden />,
  warningIcon: <ExclamationCircleFilled aria-hidden />,
  errorIcon: <CloseCircleFilled aria-hidden />,
};

/**
 * antd ConfigProvider (theme + antd/pro-components texts in the interface language) and antd
 * App, whose context feeds `useToast`, `useApiErrorModal` and every `App.useApp()` of a remote.
 */
export function UiProvider({ children, locale }: UiProviderProps) {
  const current = useLocale();
  const antdLocale = useAntdLocale(locale ?? current);
  const { t } = useTranslation();
  // Icons that are buttons get a label in the interface language instead of antd's icon name.
  const inputPassword = {
    iconRender: (visible: boolean) =>
      visible ? <EyeOutlined aria-label={t('common:ui.hidePassword')} /> : <EyeInvisibleOutlined aria-label={t('common:ui.showPassword')} />,
  };
  const input = { allowClear: { clearIcon: <CloseCircleFilled aria-label={t('common:ui.clear')} /> } };
  return (
    <ConfigProvider
      theme={leadforgeTheme}
      locale={antdLocale}
      alert={STATUS_ICONS}
      modal={STATUS_ICONS}
      input={input}
      inputPassword={inputPassword}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}
