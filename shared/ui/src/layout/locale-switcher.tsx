import GlobalOutlined from '@ant-design/icons/es/icons/GlobalOutlined';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@leadforge/contracts';
import { useShellFrame } from './shell-frame';

export type LocaleSwitcherProps = {
  value: Locale;
  onChange: (locale: Locale) => void;
  disabled?: boolean;
};

export function LocaleSwitcher({ value, onChange, disabled }: LocaleSwitcherProps) {
  const { t } = useTranslation();
  const { phone } = useShellFrame();
  return (
    <Select<Locale>
      aria-label={t('common:languages.label')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      suffixIcon={<GlobalOutlined aria-hidden />}
      // At phone width the closed switcher shows the language code; the list keeps the names.
      style={{ minWidth: phone ? 72 : 140 }}
      popupMatchSelectWidth={false}
      labelRender={phone ? ({ value: code }) => String(code).toUpperCase() : undefined}
      options={LOCALES.map((locale) => ({ value: locale, label: t(`common:languages.${locale}`) }))}
    />
  );
}
