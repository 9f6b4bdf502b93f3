import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type TrackingDomainCellProps = {
  account: Pick<EmailAccount, 'email' | 'trackingDomain' | 'trackingDomainVerifiedAt'>;
  checking: boolean;
  onCheck: () => void;
};

/** The custom tracking domain, whether its CNAME was found pointing here, and a way to look again. */
export function TrackingDomainCell({ account, checking, onCheck }: TrackingDomainCellProps) {
  const { t } = useTranslation(NAMESPACE);
  if (!account.trackingDomain) return <Typography.Text type="secondary">{t('emailAccounts.tracking.none')}</Typography.Text>;
  const verified = account.trackingDomainVerifiedAt !== null;
  return (
    <Flex vertical gap={4} align="flex-start">
      <Typography.Text>{account.trackingDomain}</Typography.Text>
      <Flex gap={4} wrap align="center">
        <Tag color={verified ? 'success' : 'warning'} data-tracking={verified ? 'verified' : 'unverified'}>
          {t(verified ? 'emailAccounts.tracking.verified' : 'emailAccounts.tracking.unverified')}
        </Tag>
        <Button size="small" loading={checking} onClick={onCheck}>
          {t('emailAccounts.tracking.check')}
        </Button>
      </Flex>
    </Flex>
  );
}
