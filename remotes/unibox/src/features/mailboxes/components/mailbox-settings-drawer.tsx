import { Button, Card, Drawer, Flex, Select, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FIRST_PARSING_PERIODS, type FirstParsingPeriod, type UniboxDisplayStatus, type UniboxEmailAccount } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useIsPhone, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';
import { EMAIL_ACCOUNTS_PATH } from '../../../paths';
import { useListAccounts } from '../api/list-accounts';
import { usePauseAccount } from '../api/pause-account';
import { useResumeAccount } from '../api/resume-account';
import { useUpdateAccount } from '../api/update-account';

export type MailboxSettingsDrawerProps = {
  open: boolean;
  forUserId: number | undefined;
  onClose(): void;
};

const STATUS_COLORS: Record<UniboxDisplayStatus, string> = {
  active: 'success',
  paused: 'warning',
  error: 'error',
  ready: 'default',
  expired: 'default',
  cancelled: 'default',
};

/** Each mailbox's unibox settings (document 1 §4): in the unibox or not, sync status, first sync period, leads only, pause/resume. */
export function MailboxSettingsDrawer({ open, forUserId, onClose }: MailboxSettingsDrawerProps) {
  const { t } = useTranslation(NAMESPACE);
  const isPhone = useIsPhone();
  const accounts = useListAccounts(forUserId);

  let body;
  if (accounts.isPending) body = <LoadingState label={t('settings.loading')} />;
  else if (accounts.isError) body = <ErrorState error={accounts.error} onRetry={() => void accounts.refetch()} />;
  else if (accounts.data.items.length === 0)
    body = <EmptyState title={t('settings.empty')} action={<Link to={EMAIL_ACCOUNTS_PATH}>{t('list.empty.connect')}</Link>} />;
  else
    body = (
      <Flex vertical gap={12}>
        {accounts.data.items.map((account) => (
          <MailboxSettingsCard key={account.id} account={account} forUserId={forUserId} />
        ))}
      </Flex>
    );
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={isPhone ? 'default' : 'large'} destroyOnHidden>
      {body}
    </Drawer>
  );
}

function MailboxSettingsCard({ account, forUserId }: { account: UniboxEmailAccount; forUserId: number | undefined }) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const update = useUpdateAccount();
  const pause = usePauseAccount();
  const resume = useResumeAccount();
  const busy = update.isPending || pause.isPending || resume.isPending;
  const owner = ownerPart(forUserId);
  const saved = { onSuccess: () => toast.success(t('settings.saved', { name: account.name })), onError: (error: unknown) => showError(error) };
  const change = (body: { unibox?: boolean; firstParsingPeriod?: FirstParsingPeriod; leadsParsingOnly?: boolean }) =>
    update.mutate({ params: { id: account.id }, body: { ...owner, ...body } }, saved);
  const paused = account.displayStatus === 'paused';
  const handlePauseResume = () =>
    (paused ? resume : pause).mutate(
      { params: { id: account.id }, body: owner },
      { onSuccess: () => toast.success(t(paused ? 'settings.resumed' : 'settings.paused', { name: account.name })), onError: (error) => showError(error) },
    );
  const id = `unibox-account-${account.id}`;

  return (
    <Card
      size="small"
      data-testid="mailbox-settings"
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Text strong ellipsis>
            {account.name}
          </Typography.Text>
          <Tag color={STATUS_COLORS[account.displayStatus]}>{t(`settings.status.${account.displayStatus}`)}</Tag>
        </Flex>
      }
      extra={
        account.unibox ? (
          <Button size="small" disabled={busy} onClick={handlePauseResume}>
            {paused ? t('settings.resume') : t('settings.pause')}
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={10}>
        {account.displayStatus === 'error' && account.errorReason ? (
          <Typography.Text type="danger">{t(`errors:${account.errorReason}.description`, { defaultValue: t('settings.errorUnknown') })}</Typography.Text>
        ) : null}
        <Flex justify="space-between" align="center" gap={8}>
          <label htmlFor={`${id}-unibox`}>{t('settings.unibox')}</label>
          <Switch id={`${id}-unibox`} checked={account.unibox} disabled={busy} onChange={(unibox) => change({ unibox })} />
        </Flex>
        <Flex justify="space-between" align="center" gap={8}>
          <label htmlFor={`${id}-period`}>{t('settings.firstParsingPeriod')}</label>
          <Select<FirstParsingPeriod>
            id={`${id}-period`}
            style={{ width: 160 }}
            value={account.firstParsingPeriod}
            disabled={busy}
            options={FIRST_PARSING_PERIODS.map((days) => ({ value: days, label: t('settings.days', { count: days }) }))}
            onChange={(firstParsingPeriod) => change({ firstParsingPeriod })}
          />
        </Flex>
        <Flex justify="space-between" align="center" gap={8}>
          <label htmlFor={`${id}-leads`}>{t('settings.leadsParsingOnly')}</label>
          <Switch id={`${id}-leads`} checked={account.leadsParsingOnly} disabled={busy} onChange={(leadsParsingOnly) => change({ leadsParsingOnly })} />
        </Flex>
      </Flex>
    </Card>
  );
}
