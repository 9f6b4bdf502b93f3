import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { Screen } from '../components/screen';
import { useTableParams } from '@leadforge/ui';
import { pageParam, readPage } from '@leadforge/ui';
import { useCreateLinkedinTask } from '../features/linkedin-search/api/create-linkedin-task';
import { useListLinkedinTasks } from '../features/linkedin-search/api/list-linkedin-tasks';
import { LinkedinTasksTable } from '../features/linkedin-search/components/linkedin-tasks-table';
import { NewLinkedinTaskForm, type LinkedinTaskValues } from '../features/linkedin-search/components/new-linkedin-task-form';
import { SandboxNetworkBanner } from '../features/linkedin-search/components/sandbox-network';
import { useLinkedinTaskPushes } from '../features/linkedin-search/hooks/use-linkedin-task-pushes';

/**
 * /linkedin-search: search tasks that harvest profiles into a prospect list (offline sandbox by
 * default, labelled). In the URL: the tasks' `page`.
 */
export function LinkedinSearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const page = readPage(params, 'page');
  const tasks = useListLinkedinTasks(page);
  const create = useCreateLinkedinTask();
  useLinkedinTaskPushes();
  const sandbox = tasks.data?.provider === 'sandbox' || (tasks.data?.items ?? []).some((task) => task.provider === 'sandbox');

  const handleCreate = (body: LinkedinTaskValues) => create.mutate({ body }, { onError: (error) => showError(error) });

  return (
    <Screen pageKey="socialSearch">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {sandbox ? <SandboxNetworkBanner /> : null}
        <Card title={t('linkedin.newTitle')}>
          <NewLinkedinTaskForm creating={create.isPending} onCreate={handleCreate} />
        </Card>
        <LinkedinTasksTable
          tasks={tasks.data?.items ?? []}
          total={tasks.data?.total ?? 0}
          page={page}
          loading={tasks.isPending}
          error={tasks.isError ? tasks.error : undefined}
          onRetry={() => void tasks.refetch()}
          onPageChange={(next) => update({ page: pageParam(next) })}
        />
      </Space>
    </Screen>
  );
}
