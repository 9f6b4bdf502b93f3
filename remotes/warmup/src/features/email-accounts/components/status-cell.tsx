import { Button, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { mailboxReasonErrorKey, type EmailAccount, type EmailAccountStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

const COLOR: Record<EmailAccountStatus, string> = {
  active: 'success',
  paused: 'default',
  error: 'error',
  reconnect: 'warning',
};

export type StatusCellProps = {
  account: Pick<EmailAccount, 'email' | 'status' | 'statusReason'>;
  onReconnect: () => void;
};

/** The mailbox's status, why it is in error or needs reconnecting (in the user's language), and the way out. */
export function StatusCell({ account, onReconnect }: StatusCellProps) {
  const { t } = useTranslation(NAMESPACE);
  const reason = account.status === 'error' || account.status === 'reconnect' ? mailboxReasonErrorKey(account.statusReason) : null;
  return (
    <Flex vertical gap={4} align="flex-start">
      <Tag color={COLOR[account.status]} data-status={account.status}>
        {t(`emailAccounts.status.${account.status}`)}
      </Tag>
      {reason ? (
        <Typography.Text type="secondary" style={{ maxWidth: 240 }}>
          {t(`errors:${reason}.title`)}
        </Typography.Text>
      ) : null}
      {account.status === 'reconnect' ? (
        <Button size="small" type="primary" onClick={onReconnect}>
          {t('emailAccounts.actions.reconnect')}
        </Button>
      ) : null}
    </Flex>
  );
}
