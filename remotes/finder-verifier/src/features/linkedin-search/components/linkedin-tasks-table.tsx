import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FINDER_LIMITS, type LinkedinTask } from '@leadforge/contracts';
import { ErrorState, ServerPagedTable, useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { downloadBlob } from '../../../utils/csv';
import { downloadBadLinks } from '../api/download-bad-links';
import { useDeleteLinkedinTask } from '../api/delete-linkedin-task';
import { useStopLinkedinTask } from '../api/stop-linkedin-task';
import { isRunning } from '../utils/live-rows';
import { ProviderTag } from './sandbox-network';
import { TaskRowActions } from './task-row-actions';
import { TaskStatus } from './task-status';

export type LinkedinTasksTableProps = {
  tasks: LinkedinTask[];
  total: number;
  page: number;
  loading: boolean;
  /** Names of the caller's LinkedIn accounts by id (a task names the account it runs on). */
  accountNames: ReadonlyMap<number, string>;
  error?: unknown;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
};

/** The prospects page of the list a task fills (the prospects area's route). */
export const prospectListPath = (listId: number) => `/prospects/list/${listId}`;

/** The caller's search tasks with their progress, the list each fills, and stop, bad links and delete for each. */
export function LinkedinTasksTable({ tasks, total, page, loading, accountNames, error, onRetry, onPageChange }: LinkedinTasksTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const stop = useStopLinkedinTask();
  const remove = useDeleteLinkedinTask();
  const onError = { onError: (failure: unknown) => showError(failure) };
  const handleBadLinks = (task: LinkedinTask) =>
    downloadBadLinks(task.id).then(
      (blob) => downloadBlob(`bad-links-${task.id}.csv`, blob),
      (failure: unknown) => showError(failure),
    );
  if (error) return <ErrorState error={error} onRetry={onRetry} />;

  const columns: ProColumns<LinkedinTask>[] = [
    { title: t('linkedin.url'), dataIndex: 'url', ellipsis: true },
    {
      title: t('linkedin.sandbox.provider'),
      dataIndex: 'provider',
      render: (_, task) => <ProviderTag provider={task.provider} />,
    },
    {
      title: t('bulk.jobs.status'),
      dataIndex: 'status',
      render: (_, task) => <TaskStatus status={task.status} reason={task.statusReason} />,
    },
    {
      title: t('linkedin.account'),
      dataIndex: 'accountId',
      render: (_, task) => accountNames.get(task.accountId) ?? t('linkedin.accountGone'),
    },
    {
      title: t('linkedin.progress'),
      key: 'progress',
      render: (_, task) =>
        t('linkedin.progressValue', { found: task.prospectsFound, saved: task.prospectsSaved, total: task.prospectsTotal }),
    },
    {
      title: t('linkedin.list'),
      dataIndex: 'prospectsListId',
      render: (_, task) => <Link to={prospectListPath(task.prospectsListId)}>{t('linkedin.openList')}</Link>,
    },
    { title: t('linkedin.badLinks'), dataIndex: 'badLinksCount' },
    {
      title: t('history.date'),
      dataIndex: 'createdAt',
      render: (_, task) => new Date(task.createdAt).toLocaleString(i18n.language),
    },
    {
      title: t('bulk.jobs.actions'),
      key: 'actions',
      render: (_, task) => (
        <TaskRowActions
          running={isRunning(task)}
          badLinksCount={task.badLinksCount}
          deleteConfirm={t('linkedin.deleteConfirm')}
          onStop={() => stop.mutate({ params: { id: task.id } }, onError)}
          onDownloadBadLinks={() => void handleBadLinks(task)}
          onDelete={() => remove.mutate({ params: { id: task.id } }, onError)}
        />
      ),
    },
  ];

  return (
    <ServerPagedTable<LinkedinTask>
      headerTitle={t('linkedin.tasks')}
      rowKey="id"
      loading={loading}
      columns={columns}
      dataSource={tasks}
      emptyText={t('linkedin.empty')}
      page={page}
      pageSize={FINDER_LIMITS.historyPerPage}
      total={total}
      onPageChange={onPageChange}
    />
  );
}
