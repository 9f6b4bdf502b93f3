import { ProCard } from '@ant-design/pro-components';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { LocaleSwitcher, PageHeader } from '@leadforge/ui';
import { useLocaleSwitch } from '../../layout/use-locale-switch';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

/** /account/profile: name, language, password, two-factor authentication and sessions. */
export function AccountProfilePage() {
  const { t } = useTranslation();
  const { locale, changeLocale, pending } = useLocaleSwitch();
  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('shell:routes.accountProfile')} />
      <ProCard title={t('shell:profile.title')} variant="outlined">
        <ProfileSection />
      </ProCard>
      <ProCard title={t('common:languages.label')} variant="outlined">
        <LocaleSwitcher value={locale} onChange={changeLocale} disabled={pending} />
      </ProCard>
      <ProCard title={t('shell:profile.changePassword')} variant="outlined">
        <PasswordSection />
      </ProCard>
      <ProCard title={t('shell:profile.twoFactor')} variant="outlined">
        <TwoFactorSection />
      </ProCard>
      <ProCard title={t('shell:profile.sessions')} variant="outlined">
        <SessionsSection />
      </ProCard>
    </Flex>
  );
}
