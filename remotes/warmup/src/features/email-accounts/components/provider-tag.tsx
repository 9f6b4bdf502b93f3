import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { mailPreset, type EmailAccount } from '@leadforge/contracts';
import { SandboxTag } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';

export type ProviderTagProps = {
  account: Pick<EmailAccount, 'provider' | 'preset'>;
};

/**
 * How the mailbox signs in. A sandbox mailbox is the offline OAuth stand-in: it has no server and
 * sends nothing, and says so wherever it is shown.
 */
export function ProviderTag({ account }: ProviderTagProps) {
  const { t } = useTranslation(NAMESPACE);
  switch (account.provider) {
    case 'sandbox':
      return (
        <SandboxTag data-provider="sandbox" title={t('emailAccounts.provider.sandboxHint')}>
          {t('emailAccounts.provider.sandbox')}
        </SandboxTag>
      );
    case 'google':
      return <Tag data-provider="google">Google</Tag>;
    case 'microsoft':
      return <Tag data-provider="microsoft">Microsoft</Tag>;
    default:
      return <Tag data-provider="smtp">{mailPreset(account.preset)?.name ?? t('emailAccounts.provider.smtp')}</Tag>;
  }
}
