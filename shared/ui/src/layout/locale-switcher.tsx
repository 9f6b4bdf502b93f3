import GlobalOutlined from '@ant-design/icons/es/icons/GlobalOutlined';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '@leadforge/contracts';

export type LocaleSwitcherProps = {
  value: Locale;
  onChange: (locale: Locale) => void;
  disabled?: boolean;
};

export function LocaleSwitcher({ value, onChange, disabled }: LocaleSwitcherProps) {
  const { t } = useTranslation();
  return (
    <Select<Locale>
      aria-label={t('common:languages.label')}
      value={value}
      onChange={onChange}
      disabled={disabled}
      suffixIcon={<GlobalOutlined />}
      style={{ minWidth: 140 }}
      options={LOCALES.map((locale) => ({ value: locale, label: t(`common:languages.${locale}`) }))}
    />
  );
}
