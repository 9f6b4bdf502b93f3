import { Alert, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailAccount, RouteResponse, emailAccountsRoutes } from '@leadforge/contracts';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';

type Usage = RouteResponse<typeof emailAccountsRoutes.emailAccountUsage>;

export type DeleteEmailAccountDialogProps = {
  /** The mailbox to delete; null keeps the dialog closed. */
  account: EmailAccount | null;
  usage: Usage | undefined;
  usageError: unknown;
  deleting: boolean;
  onRetryUsage: () => void;
  onCancel: () => void;
  onConfirm: (account: EmailAccount) => void;
};

/**
 * Deleting is explicit about what it does to sending: how many queued messages are cancelled
 * (asked of the server as the dialog opens), and that running campaigns stop using the mailbox.
 */
export function DeleteEmailAccountDialog({ account, usage, usageError, deleting, onRetryUsage, onCancel, onConfirm }: DeleteEmailAccountDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const ready = usage !== undefined && !usageError;
  return (
    <Modal
      open={account !== null}
      title={account ? t('emailAccounts.delete.title', { email: account.email }) : ''}
      okText={t('emailAccounts.delete.confirm')}
      okButtonProps={{ danger: true, disabled: !ready, loading: deleting }}
      cancelText={t('common:actions.cancel')}
      onOk={() => account && onConfirm(account)}
      onCancel={onCancel}
      destroyOnHidden
    >
      {usageError ? (
        <ErrorState error={usageError} onRetry={onRetryUsage} />
      ) : !usage ? (
        <LoadingState label={t('emailAccounts.delete.counting')} />
      ) : (
        <Flex vertical gap={12} data-testid="delete-consequences">
          <Alert
            type={usage.queuedMessages > 0 ? 'warning' : 'info'}
            showIcon
            title={
              usage.queuedMessages > 0
                ? t('emailAccounts.delete.queued', { count: usage.queuedMessages, campaigns: usage.campaigns })
                : t('emailAccounts.delete.nothingQueued')
            }
          />
          <Typography.Paragraph style={{ margin: 0 }}>{t('emailAccounts.delete.campaigns')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('emailAccounts.delete.irreversible')}
          </Typography.Paragraph>
        </Flex>
      )}
    </Modal>
  );
}
