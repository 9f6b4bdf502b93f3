import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SocialNetworkProviderName } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { SandboxTag } from '@leadforge/ui';

/** Says plainly that the people this network yields are made up (the sandbox is the default setup). */
export function SandboxNetworkBanner() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="sandbox-banner"
      title={t('linkedin.sandbox.banner')}
      description={t('linkedin.sandbox.bannerHint')}
    />
  );
}

export type ProviderTagProps = { provider: SocialNetworkProviderName };

export function ProviderTag({ provider }: ProviderTagProps) {
  const { t } = useTranslation(NAMESPACE);
  return provider === 'sandbox' ? (
    <SandboxTag data-provider="sandbox" title={t('linkedin.sandbox.banner')}>
      {t('linkedin.sandbox.tag')}
    </SandboxTag>
  ) : (
    <Tag data-provider="linkedin">LinkedIn</Tag>
  );
}
