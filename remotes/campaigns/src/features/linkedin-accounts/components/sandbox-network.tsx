import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SocialNetworkProviderName } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { SandboxTag } from '@leadforge/ui';

/** Says plainly that accounts here connect to the offline simulated network, not to LinkedIn (the default set-up). */
export function SandboxNetworkBanner() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="sandbox-banner"
      title={t('linkedinAccounts.sandbox.banner')}
      description={t('linkedinAccounts.sandbox.bannerHint')}
    />
  );
}

export type NetworkTagProps = { provider: SocialNetworkProviderName };

/** Which network an account is on; a sandbox account never passes for a LinkedIn one. */
export function NetworkTag({ provider }: NetworkTagProps) {
  const { t } = useTranslation(NAMESPACE);
  return provider === 'sandbox' ? (
    <SandboxTag data-provider="sandbox" title={t('linkedinAccounts.sandbox.banner')}>
      {t('linkedinAccounts.sandbox.tag')}
    </SandboxTag>
  ) : (
    <Tag data-provider="linkedin">LinkedIn</Tag>
  );
}
