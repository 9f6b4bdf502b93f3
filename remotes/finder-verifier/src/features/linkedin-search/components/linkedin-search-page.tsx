import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, InputNumber, Popconfirm, Select, Space, Tag } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS, SEARCH_TASK_PROSPECTS_MAX, type LinkedinTask, type SocialNetworkProviderName, type SocialTaskStatus } from '@leadforge/contracts';
import { EmptyState, ErrorState, useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';
import { useListPicker } from '../../../api/list-picker';
import { downloadBlob } from '../../../utils/csv';
import {
  downloadBadLinks,
  useCreateLinkedinTask,
  useDeleteLinkedinTask,
  useLinkedinTaskPushes,
  useLinkedinTasks,
  useStopLinkedinTask,
} from '../api/linkedin-tasks';

const STATUS_COLOR: Record<SocialTaskStatus, string> = {
  queued: 'default',
  in_progress: 'processing',
  stopped: 'warning',
  completed: 'success',
  failed: 'error',
};
const URL_MAX = 2048;
const DEFAULT_PROSPECTS = 100;

type TaskValues = { url: string; accountId: number; prospectsListId: number; prospectsTotal: number; isSkipSaved: boolean; isSaveWithoutEmail: boolean };

export type NewLinkedinTaskFormProps = { creating: boolean; onCreate: (values: TaskValues) => void };

export function NewLinkedinTaskForm({ creating, onCreate }: NewLinkedinTaskFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [keyword, setKeyword] = useState('');
  const lists = useListPicker(keyword, true);
  return (
    <Form<TaskValues>
      layout="vertical"
      style={{ maxWidth: 640 }}
      initialValues={{ prospectsTotal: DEFAULT_PROSPECTS, isSkipSaved: true, isSaveWithoutEmail: false }}
      onFinish={onCreate}
    >
      <Form.Item name="url" label={t('linkedin.url')} rules={[{ required: true, type: 'url', message: t('linkedin.urlRequired') }]}>
        <Input maxLength={URL_MAX} placeholder="https://www.linkedin.com/search/results/people/?keywords=cto" />
      </Form.Item>
      <Form.Item name="accountId" label={t('linkedin.account')} tooltip={t('linkedin.accountHint')} rules={[{ required: true, message: t('linkedin.accountRequired') }]}>
        <InputNumber min={1} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="prospectsListId" label={t('addToList.list')} rules={[{ required: true, message: t('addToList.listRequired') }]}>
        <Select
          showSearch
          filterOption={false}
          onSearch={setKeyword}
          loading={lists.isFetching}
          notFoundContent={lists.isError ? t('addToList.listsFailed') : t('addToList.noLists')}
          options={(lists.data?.lists ?? []).map((list) => ({ value: list.id, label: list.name }))}
        />
      </Form.Item>
      <Form.Item name="prospectsTotal" label={t('linkedin.total')} rules={[{ required: true }]}>
        <InputNumber min={1} max={SEARCH_TASK_PROSPECTS_MAX} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="isSkipSaved" valuePropName="checked">
        <Checkbox>{t('linkedin.skipSaved')}</Checkbox>
      </Form.Item>
      <Form.Item name="isSaveWithoutEmail" valuePropName="checked">
        <Checkbox>{t('linkedin.saveWithoutEmail')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={creating}>
        {t('linkedin.start')}
      </Button>
    </Form>
  );
}

/** Says plainly that the people this network yields are made up (the sandbox is the default setup). */
export function SandboxNetworkBanner() {
  const { t } = useTranslation(NAMESPACE);
  return <Alert type="warning" showIcon data-testid="sandbox-banner" title={t('linkedin.sandbox.banner')} description={t('linkedin.sandbox.bannerHint')} />;
}

export type ProviderTagProps = { provider: SocialNetworkProviderName };

export function ProviderTag({ provider }: ProviderTagProps) {
  const { t } = useTranslation(NAMESPACE);
  return provider === 'sandbox' ? (
    <Tag color="orange" data-provider="sandbox" title={t('linkedin.sandbox.banner')}>
      {t('linkedin.sandbox.tag')}
    </Tag>
  ) : (
    <Tag data-provider="linkedin">LinkedIn</Tag>
  );
}

/** /linkedin-search: search tasks that harvest profiles into a prospect list (offline sandbox by default, labelled). */
export function LinkedinSearchPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const [page, setPage] = useState(1);
  const tasks = useLinkedinTasks(page);
  const create = useCreateLinkedinTask();
  const stop = useStopLinkedinTask();
  const remove = useDeleteLinkedinTask();
  useLinkedinTaskPushes();
  const onError = { onError: (error: unknown) => showError(error) };
  const sandbox = tasks.data?.provider === 'sandbox' || (tasks.data?.items ?? []).some((task) => task.provider === 'sandbox');

  const handleCreate = (body: TaskValues) => create.mutate({ body }, onError);
  const handleBadLinks = (task: LinkedinTask) =>
    downloadBadLinks(task.id).then((blob) => downloadBlob(`bad-links-${task.id}.csv`, blob), (error: unknown) => showError(error));

  const columns: ProColumns<LinkedinTask>[] = [
    { title: t('linkedin.url'), dataIndex: 'url', ellipsis: true },
    { title: t('linkedin.sandbox.provider'), dataIndex: 'provider', render: (_, task) => <ProviderTag provider={task.provider} /> },
    {
      title: t('bulk.jobs.status'),
      dataIndex: 'status',
      render: (_, task) => (
        <Tag color={STATUS_COLOR[task.status]} data-task-status={task.status}>
          {t(`linkedin.statuses.${task.status}`)}
        </Tag>
      ),
    },
    { title: t('linkedin.progress'), key: 'progress', render: (_, task) => t('linkedin.progressValue', { found: task.prospectsFound, saved: task.prospectsSaved, total: task.prospectsTotal }) },
    { title: t('linkedin.badLinks'), dataIndex: 'badLinksCount' },
    { title: t('history.date'), dataIndex: 'createdAt', render: (_, task) => new Date(task.createdAt).toLocaleString(i18n.language) },
    {
      title: t('bulk.jobs.actions'),
      key: 'actions',
      render: (_, task) => (
        <Space size={4} wrap>
          {task.status === 'queued' || task.status === 'in_progress' ? (
            <Button size="small" onClick={() => stop.mutate({ params: { id: task.id } }, onError)}>
              {t('linkedin.stop')}
            </Button>
          ) : null}
          <Button size="small" disabled={task.badLinksCount === 0} onClick={() => void handleBadLinks(task)}>
            {t('linkedin.downloadBadLinks')}
          </Button>
          <Popconfirm title={t('linkedin.deleteConfirm')} onConfirm={() => remove.mutate({ params: { id: task.id } }, onError)}>
            <Button size="small" danger>
              {t('linkedin.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Screen pageKey="socialSearch">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        {sandbox ? <SandboxNetworkBanner /> : null}
        <Card title={t('linkedin.newTitle')}>
          <NewLinkedinTaskForm creating={create.isPending} onCreate={handleCreate} />
        </Card>
        {tasks.isError ? (
          <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
        ) : (
          <ProTable<LinkedinTask>
            scroll={{ x: 'max-content' }}
            headerTitle={t('linkedin.tasks')}
            rowKey="id"
            search={false}
            options={false}
            loading={tasks.isPending}
            columns={columns}
            dataSource={tasks.data?.items ?? []}
            locale={{ emptyText: <EmptyState title={t('linkedin.empty')} /> }}
            pagination={{ current: page, pageSize: FINDER_LIMITS.historyPerPage, total: tasks.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
          />
        )}
      </Space>
    </Screen>
  );
}
