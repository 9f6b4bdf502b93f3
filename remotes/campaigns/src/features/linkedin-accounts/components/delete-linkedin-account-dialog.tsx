import { Alert, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LinkedinAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useAccountName } from '../hooks/use-account-name';

export type DeleteLinkedinAccountDialogProps = {
  /** The account to disconnect; null keeps the dialog closed. */
  account: LinkedinAccount | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: (account: LinkedinAccount) => void;
};

/**
 * Disconnecting is explicit about what it does: the account's queued LinkedIn actions are
 * cancelled, and the LinkedIn steps of the campaigns that use it wait for another account.
 */
export function DeleteLinkedinAccountDialog({ account, deleting, onCancel, onConfirm }: DeleteLinkedinAccountDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const nameOf = useAccountName();
  return (
    <Modal
      open={account !== null}
      title={account ? t('linkedinAccounts.delete.title', { name: nameOf(account) }) : ''}
      okText={t('linkedinAccounts.delete.confirm')}
      okButtonProps={{ danger: true, loading: deleting }}
      cancelText={t('common:actions.cancel')}
      onOk={() => account && onConfirm(account)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {account ? (
        <Flex vertical gap={12} data-testid="delete-consequences">
          <Alert type="warning" showIcon title={t('linkedinAccounts.delete.queued')} />
          <Typography.Paragraph style={{ margin: 0 }}>
            {account.campaignsCount > 0
              ? t('linkedinAccounts.delete.campaigns', { count: account.campaignsCount })
              : t('linkedinAccounts.delete.noCampaigns')}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('linkedinAccounts.delete.irreversible')}
          </Typography.Paragraph>
        </Flex>
      ) : null}
    </Modal>
  );
}
