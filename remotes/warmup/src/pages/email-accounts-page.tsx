import { useState } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EMAIL_ACCOUNT_STATUSES, MAILBOX_DEFAULTS, type EmailAccount, type EmailAccountSettings, type EmailAccountStatus } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, pageParam, readOneOf, readPage, readText, useApiErrorModal, useTableParams, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useCheckTrackingDomain } from '../features/email-accounts/api/check-tracking-domain';
import { useDeleteEmailAccount } from '../features/email-accounts/api/delete-email-account';
import { useGetEmailAccountUsage } from '../features/email-accounts/api/get-email-account-usage';
import { useListEmailAccounts } from '../features/email-accounts/api/list-email-accounts';
import { useListTimeZones } from '../features/email-accounts/api/list-time-zones';
import { useSetEmailAccountStatus } from '../features/email-accounts/api/set-email-account-status';
import { useSetEmailAccountTeamwork } from '../features/email-accounts/api/set-email-account-teamwork';
import { useUpdateEmailAccount } from '../features/email-accounts/api/update-email-account';
import { DeleteEmailAccountDialog } from '../features/email-accounts/components/delete-email-account-dialog';
import { EmailAccountEditor } from '../features/email-accounts/components/email-account-editor';
import { EmailAccountsTable } from '../features/email-accounts/components/email-accounts-table';
import { useOAuthReturn } from '../features/email-accounts/hooks/use-oauth-return';

const SETUP_PATH = '/account/email-accounts/setup';

/**
 * /account/email-accounts: the caller's mailboxes with their status, limits, window, teamwork
 * status and tracking domain; edit, pause or resume, delete; the landing place of a mailbox OAuth.
 * In the URL: the table's `page`, the search `q` and the `status` filter.
 */
export function EmailAccountsPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const page = readPage(params, 'page');
  const search = readText(params, 'q');
  const status = readOneOf(params, 'status', EMAIL_ACCOUNT_STATUSES);
  const list = useListEmailAccounts({ page, search, status });
  const { completing } = useOAuthReturn();

  const [editing, setEditing] = useState<EmailAccount | null>(null);
  const [deleting, setDeleting] = useState<EmailAccount | null>(null);
  const timeZones = useListTimeZones(editing !== null);
  const usage = useGetEmailAccountUsage(deleting?.id ?? null);
  const updateSettings = useUpdateEmailAccount();
  const setStatus = useSetEmailAccountStatus();
  const setTeamwork = useSetEmailAccountTeamwork();
  const remove = useDeleteEmailAccount();
  const checkDomain = useCheckTrackingDomain();

  const busyIds = new Set<number>();
  if (setStatus.isPending && setStatus.variables) busyIds.add(Number(setStatus.variables.params.id));
  if (setTeamwork.isPending && setTeamwork.variables) busyIds.add(Number(setTeamwork.variables.params.id));
  const connect = () => navigate(SETUP_PATH);

  const handleSave = async (account: EmailAccount, settings: EmailAccountSettings) => {
    await updateSettings.mutateAsync({ params: { id: account.id }, body: settings });
    toast.success(t('emailAccounts.toasts.saved', { email: account.email }));
  };

  const handlePauseResume = (account: EmailAccount) => {
    const next = account.status === 'paused' ? 'active' : 'paused';
    setStatus.mutate(
      { params: { id: account.id }, body: { status: next } },
      {
        onSuccess: () => toast.success(t(next === 'paused' ? 'emailAccounts.toasts.paused' : 'emailAccounts.toasts.resumed', { email: account.email })),
        onError: (error) => showError(error),
      },
    );
  };

  const handleShare = (account: EmailAccount, shared: boolean) =>
    setTeamwork.mutate(
      { params: { id: account.id }, body: { shared } },
      {
        onSuccess: () => toast.success(t(shared ? 'emailAccounts.toasts.shared' : 'emailAccounts.toasts.unshared', { email: account.email })),
        onError: (error) => showError(error),
      },
    );

  const handleDelete = (account: EmailAccount) =>
    remove.mutate(
      { params: { id: account.id } },
      {
        onSuccess: ({ cancelledMessages }) => {
          setDeleting(null);
          toast.success(t('emailAccounts.toasts.deleted', { email: account.email }), {
            description: t('emailAccounts.toasts.cancelled', { count: cancelledMessages }),
          });
          // The last row of a later page is gone: step back rather than show an empty page.
          if (page > 1 && list.data?.items.length === 1) update({ page: pageParam(page - 1) });
        },
        onError: (error) => showError(error),
      },
    );

  const handleCheck = (account: EmailAccount) =>
    checkDomain.mutate(
      { params: { id: account.id } },
      {
        onSuccess: (result) => {
          if (result.verified) {
            toast.success(t('emailAccounts.tracking.verifiedToast', { domain: result.domain }));
            return;
          }
          const why = result.errorKey ? `${t(`errors:${result.errorKey}.description`)} ` : '';
          toast.warning(t('emailAccounts.tracking.unverifiedToast', { domain: result.domain }), {
            description: `${why}${t('emailAccounts.tracking.cnameTarget', { domain: result.domain, target: result.target })}`,
          });
        },
        onError: (error) => showError(error),
      },
    );

  const filtered = search !== null || status !== undefined;
  let content;
  if (list.isPending || (completing && !list.data)) {
    content = <LoadingState label={t('emailAccounts.loading')} />;
  } else if (list.isError) {
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.total === 0 && !filtered) {
    content = (
      <EmptyState
        title={t('emailAccounts.empty.title')}
        description={t('emailAccounts.empty.description')}
        action={
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={connect}>
            {t('emailAccounts.connect')}
          </Button>
        }
      />
    );
  } else if (list.data.total === 0) {
    content = (
      <EmptyState
        title={t('emailAccounts.empty.filteredTitle')}
        action={<Button onClick={() => update({ q: undefined, status: undefined, page: undefined })}>{t('emailAccounts.filters.clear')}</Button>}
      />
    );
  } else {
    content = (
      <EmailAccountsTable
        accounts={list.data.items}
        total={list.data.total}
        page={page}
        loading={list.isFetching && list.isPlaceholderData}
        busyIds={busyIds}
        checkingId={checkDomain.isPending && checkDomain.variables ? Number(checkDomain.variables.params.id) : null}
        onPageChange={(next) => update({ page: pageParam(next) })}
        onEdit={setEditing}
        onPauseResume={handlePauseResume}
        onDelete={setDeleting}
        onReconnect={(account) => navigate(`${SETUP_PATH}?reconnect=${account.id}`)}
        onShare={handleShare}
        onCheckTrackingDomain={handleCheck}
      />
    );
  }

  return (
    <Screen
      pageKey="emailAccounts"
      extra={
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={connect}>
          {t('emailAccounts.connect')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          <Input.Search
            // A new address (Back, a shared link) starts the box over with its own search.
            key={search ?? ''}
            aria-label={t('emailAccounts.filters.search')}
            placeholder={t('emailAccounts.filters.search')}
            allowClear
            defaultValue={search ?? ''}
            style={{ flex: 1, minWidth: 220, maxWidth: 420 }}
            onSearch={(value) => update({ q: value.trim(), page: undefined })}
          />
          <Select<EmailAccountStatus>
            aria-label={t('emailAccounts.filters.status')}
            placeholder={t('emailAccounts.filters.anyStatus')}
            allowClear
            style={{ minWidth: 200 }}
            value={status}
            options={EMAIL_ACCOUNT_STATUSES.map((value) => ({ value, label: t(`emailAccounts.status.${value}`) }))}
            onChange={(next) => update({ status: next, page: undefined })}
          />
        </Flex>
        {content}
      </Flex>
      <EmailAccountEditor
        account={editing}
        dailyLimitMax={list.data?.dailyLimitMax ?? MAILBOX_DEFAULTS.dailyLimitMax}
        timeZones={timeZones.data?.timeZones ?? []}
        timeZonesLoading={timeZones.isPending}
        onClose={() => setEditing(null)}
        onSubmit={handleSave}
      />
      <DeleteEmailAccountDialog
        account={deleting}
        usage={usage.data}
        usageError={usage.isError ? usage.error : undefined}
        deleting={remove.isPending}
        onRetryUsage={() => void usage.refetch()}
        onCancel={() => setDeleting(null)}
        onConfirm={handleDelete}
      />
    </Screen>
  );
}
