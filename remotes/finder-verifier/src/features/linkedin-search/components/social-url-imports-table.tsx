import { useState } from 'react';
import { Button } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS, type SocialUrlImportView } from '@leadforge/contracts';
import { ErrorState, ServerPagedTable, useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { downloadBlob } from '../../../utils/csv';
import { useDeleteSocialUrlImport } from '../api/delete-social-url-import';
import { downloadSocialUrlBadLinks } from '../api/download-social-url-bad-links';
import { useStartSocialUrlImport } from '../api/start-social-url-import';
import { useStopSocialUrlImport } from '../api/stop-social-url-import';
import { isRunning } from '../utils/live-rows';
import { ProviderTag } from './sandbox-network';
import { StartImportModal } from './start-import-modal';
import { TaskRowActions } from './task-row-actions';
import { TaskStatus } from './task-status';

export type SocialUrlImportsTableProps = {
  imports: SocialUrlImportView[];
  total: number;
  page: number;
  loading: boolean;
  accountNames: ReadonlyMap<number, string>;
  error?: unknown;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
};

/** An upload waits for its start; a stopped or failed import goes on from where it stopped. */
const startable = (item: SocialUrlImportView) => item.status === 'uploaded' || item.status === 'stopped' || item.status === 'failed';

/** The caller's imports of profile links with their progress, and start, stop, bad links and delete for each. */
export function SocialUrlImportsTable({ imports, total, page, loading, accountNames, error, onRetry, onPageChange }: SocialUrlImportsTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const [starting, setStarting] = useState<SocialUrlImportView | null>(null);
  const start = useStartSocialUrlImport();
  const stop = useStopSocialUrlImport();
  const remove = useDeleteSocialUrlImport();
  const onError = { onError: (failure: unknown) => showError(failure) };
  const handleStart = (accountId: number) => {
    if (!starting) return;
    start.mutate({ params: { id: starting.id }, body: { accountId } }, { onSuccess: () => setStarting(null), ...onError });
  };
  const handleBadLinks = (item: SocialUrlImportView) =>
    downloadSocialUrlBadLinks(item.id).then(
      (blob) => downloadBlob(item.fileName.replace(/\.csv$/, '-bad-links.csv'), blob),
      (failure: unknown) => showError(failure),
    );
  if (error) return <ErrorState error={error} onRetry={onRetry} />;

  const columns: ProColumns<SocialUrlImportView>[] = [
    { title: t('linkedin.imports.fileColumn'), dataIndex: 'fileNameOriginal', ellipsis: true },
    {
      title: t('linkedin.sandbox.provider'),
      dataIndex: 'provider',
      render: (_, item) => <ProviderTag provider={item.provider} />,
    },
    {
      title: t('bulk.jobs.status'),
      dataIndex: 'status',
      render: (_, item) => <TaskStatus status={item.status} reason={item.statusReason} />,
    },
    {
      title: t('linkedin.account'),
      dataIndex: 'accountId',
      render: (_, item) => (item.accountId === null ? '—' : (accountNames.get(item.accountId) ?? t('linkedin.accountGone'))),
    },
    {
      title: t('linkedin.progress'),
      key: 'progress',
      render: (_, item) =>
        t('linkedin.imports.progressValue', { read: item.linksRead, total: item.linksCount, saved: item.prospectsSaved, rows: item.rowsCount }),
    },
    { title: t('linkedin.badLinks'), dataIndex: 'badLinksCount' },
    {
      title: t('history.date'),
      dataIndex: 'createdAt',
      render: (_, item) => new Date(item.createdAt).toLocaleString(i18n.language),
    },
    {
      title: t('bulk.jobs.actions'),
      key: 'actions',
      render: (_, item) => (
        <TaskRowActions
          running={isRunning(item)}
          badLinksCount={item.badLinksCount}
          deleteConfirm={t('linkedin.imports.deleteConfirm')}
          onStop={() => stop.mutate({ params: { id: item.id } }, onError)}
          onDownloadBadLinks={() => void handleBadLinks(item)}
          onDelete={() => remove.mutate({ params: { id: item.id } }, onError)}
        >
          {startable(item) ? (
            <Button size="small" type={item.status === 'uploaded' ? 'primary' : 'default'} onClick={() => setStarting(item)}>
              {item.status === 'uploaded' ? t('linkedin.imports.startRow') : t('linkedin.imports.startAgain')}
            </Button>
          ) : null}
        </TaskRowActions>
      ),
    },
  ];

  return (
    <>
      <ServerPagedTable<SocialUrlImportView>
        headerTitle={t('linkedin.imports.title')}
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={imports}
        emptyText={t('linkedin.imports.empty')}
        page={page}
        pageSize={FINDER_LIMITS.historyPerPage}
        total={total}
        onPageChange={onPageChange}
      />
      <StartImportModal
        fileName={starting?.fileNameOriginal ?? null}
        starting={start.isPending}
        onStart={handleStart}
        onClose={() => setStarting(null)}
      />
    </>
  );
}
