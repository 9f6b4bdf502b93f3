import { useState } from 'react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { WARMUP_STATUSES, type SettableWarmupStatus, type WarmupAccount, type WarmupBulkAction, type WarmupStatus } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, pageParam, readOneOf, readPage, useApiErrorModal, useTableParams, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useBulkWarmup } from '../features/warm-up/api/bulk-warmup';
import { useWarmupUserLimits } from '../features/warm-up/api/get-warmup-user-limits';
import { useListWarmups } from '../features/warm-up/api/list-warmups';
import { useSetWarmupStatus } from '../features/warm-up/api/set-warmup-status';
import { WarmupBulkBar } from '../features/warm-up/components/warmup-bulk-bar';
import { WarmupLimits } from '../features/warm-up/components/warmup-limits';
import { WarmupTable } from '../features/warm-up/components/warmup-table';
import { useBulkRefusals } from '../features/warm-up/hooks/use-bulk-refusals';

const SETUP_PATH = '/account/email-accounts/setup';

/**
 * /deliverability/warm-up: every mailbox of the caller with its warm-up (status, health, today's
 * target, rates over 7 and 30 days), the plan's limits and the pool warning; start or pause one
 * mailbox or a selection. In the URL: the table's `page` and the `status` filter.
 */
export function WarmupListPage() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const showRefusals = useBulkRefusals();
  const [params, update] = useTableParams();
  const page = readPage(params, 'page');
  const status = readOneOf(params, 'status', WARMUP_STATUSES);
  const list = useListWarmups({ page, status });
  const limits = useWarmupUserLimits();
  const setStatus = useSetWarmupStatus();
  const bulk = useBulkWarmup();
  const [selectedIds, setSelectedIds] = useState<number[]>([]);

  const busyIds = new Set<number>();
  if (setStatus.isPending && setStatus.variables) busyIds.add(Number(setStatus.variables.params.emailAccountId));

  const handleSetStatus = (account: WarmupAccount, next: SettableWarmupStatus) =>
    setStatus.mutate(
      { params: { emailAccountId: account.id }, body: { status: next } },
      {
        onSuccess: ({ item }) => toast.success(t(`warmUp.toasts.${item.status}`, { email: item.email })),
        onError: (error) => showError(error),
      },
    );

  const handleBulk = (action: WarmupBulkAction) => {
    const emails = new Map((list.data?.items ?? []).map((account) => [account.id, account.email]));
    bulk.mutate(
      { body: { action, emailAccountIds: selectedIds } },
      {
        onSuccess: ({ updated, failed }) => {
          setSelectedIds([]);
          if (updated.length > 0) toast.success(t(action === 'start' ? 'warmUp.bulk.started' : 'warmUp.bulk.paused', { count: updated.length }));
          if (failed.length > 0) showRefusals(failed, (id) => emails.get(id) ?? `#${id}`);
        },
        onError: (error) => showError(error),
      },
    );
  };

  const handlePage = (next: number) => {
    setSelectedIds([]);
    update({ page: pageParam(next) });
  };

  const handleStatusFilter = (next: WarmupStatus | undefined) => {
    setSelectedIds([]);
    update({ status: next, page: undefined });
  };

  let content;
  if (list.isPending) {
    content = <LoadingState label={t('warmUp.loading')} />;
  } else if (list.isError) {
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.total === 0 && status === undefined) {
    content = (
      <EmptyState
        title={t('warmUp.empty.title')}
        description={t('warmUp.empty.description')}
        action={<Link to={SETUP_PATH}>{t('warmUp.empty.action')}</Link>}
      />
    );
  } else if (list.data.total === 0) {
    content = <EmptyState title={t('warmUp.empty.filteredTitle')} />;
  } else {
    content = (
      <Flex vertical gap={12}>
        <WarmupBulkBar
          count={selectedIds.length}
          pending={bulk.isPending ? (bulk.variables?.body.action ?? null) : null}
          onAction={handleBulk}
          onClear={() => setSelectedIds([])}
        />
        <WarmupTable
          accounts={list.data.items}
          total={list.data.total}
          page={page}
          loading={list.isFetching && list.isPlaceholderData}
          selectedIds={selectedIds}
          busyIds={busyIds}
          onSelect={setSelectedIds}
          onPageChange={handlePage}
          onSetStatus={handleSetStatus}
        />
      </Flex>
    );
  }

  return (
    <Screen pageKey="warmUp">
      <Flex vertical gap={16}>
        {limits.data ? <WarmupLimits limits={limits.data} /> : null}
        <Select<WarmupStatus>
          aria-label={t('warmUp.filters.status')}
          placeholder={t('warmUp.filters.anyStatus')}
          allowClear
          style={{ width: 220 }}
          value={status}
          options={WARMUP_STATUSES.map((value) => ({ value, label: t(`warmUp.status.${value}`) }))}
          onChange={handleStatusFilter}
        />
        {content}
      </Flex>
    </Screen>
  );
}
