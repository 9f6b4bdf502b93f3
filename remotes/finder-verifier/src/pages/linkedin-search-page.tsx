import { useMemo, useState } from 'react';
import { Card, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { pageParam, readOneOf, readPage, useApiErrorModal, useTableParams } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { Screen } from '../components/screen';
import { useCreateLinkedinTask } from '../features/linkedin-search/api/create-linkedin-task';
import { useCreateSocialUrlImport } from '../features/linkedin-search/api/create-social-url-import';
import { useListLinkedinAccounts } from '../features/linkedin-search/api/list-linkedin-accounts';
import { useListLinkedinTasks } from '../features/linkedin-search/api/list-linkedin-tasks';
import { useListSocialUrlImports } from '../features/linkedin-search/api/list-social-url-imports';
import { useStartSocialUrlImport } from '../features/linkedin-search/api/start-social-url-import';
import { accountLabel } from '../features/linkedin-search/components/linkedin-account-select';
import { LinkedinTasksTable } from '../features/linkedin-search/components/linkedin-tasks-table';
import { NewLinkedinTaskForm, type LinkedinTaskValues } from '../features/linkedin-search/components/new-linkedin-task-form';
import { NewSocialUrlImportForm, type SocialUrlImportValues } from '../features/linkedin-search/components/new-social-url-import-form';
import { SandboxNetworkBanner } from '../features/linkedin-search/components/sandbox-network';
import { SocialUrlImportsTable } from '../features/linkedin-search/components/social-url-imports-table';
import { useLinkedinTaskPushes } from '../features/linkedin-search/hooks/use-linkedin-task-pushes';
import { useLiveLinkedinTasks, useLiveSocialUrlImports } from '../features/linkedin-search/hooks/use-live-rows';

const TABS = ['tasks', 'imports'] as const;
type Tab = (typeof TABS)[number];

/**
 * /linkedin-search: search tasks that harvest profiles into a prospect list, and imports of files
 * of profile links, both run on one of the caller's connected LinkedIn accounts (the offline
 * sandbox network by default, labelled). In the URL: the `tab` and its table's `page`.
 */
export function LinkedinSearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const tab: Tab = readOneOf(params, 'tab', TABS) ?? 'tasks';
  const page = readPage(params, 'page');
  const accounts = useListLinkedinAccounts();
  const accountNames = useMemo(() => new Map((accounts.data?.items ?? []).map((account) => [account.id, accountLabel(account)])), [accounts.data]);
  useLinkedinTaskPushes();

  const handleTab = (next: string) => update({ tab: next === 'tasks' ? undefined : next, page: undefined });
  const handlePage = (next: number) => update({ page: pageParam(next) });

  return (
    <Screen pageKey="socialSearch">
      <Tabs
        activeKey={tab}
        onChange={handleTab}
        destroyOnHidden
        items={[
          {
            key: 'tasks',
            label: t('linkedin.tabs.tasks'),
            children: <SearchTasksTab page={page} accountNames={accountNames} onPageChange={handlePage} onError={showError} />,
          },
          {
            key: 'imports',
            label: t('linkedin.tabs.imports'),
            children: <ImportsTab page={page} accountNames={accountNames} onPageChange={handlePage} onError={showError} />,
          },
        ]}
      />
    </Screen>
  );
}

type TabProps = {
  page: number;
  accountNames: ReadonlyMap<number, string>;
  onPageChange: (page: number) => void;
  onError: (error: unknown) => void;
};

function SearchTasksTab({ page, accountNames, onPageChange, onError }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const tasks = useListLinkedinTasks(page);
  const create = useCreateLinkedinTask();
  const items = tasks.data?.items ?? [];
  useLiveLinkedinTasks(items);
  const sandbox = tasks.data?.provider === 'sandbox' || items.some((task) => task.provider === 'sandbox');

  const handleCreate = (body: LinkedinTaskValues) => create.mutate({ body }, { onError });

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {sandbox ? <SandboxNetworkBanner /> : null}
      <Card title={t('linkedin.newTitle')}>
        <NewLinkedinTaskForm creating={create.isPending} onCreate={handleCreate} />
      </Card>
      <LinkedinTasksTable
        tasks={items}
        total={tasks.data?.total ?? 0}
        page={page}
        loading={tasks.isPending}
        accountNames={accountNames}
        error={tasks.isError ? tasks.error : undefined}
        onRetry={() => void tasks.refetch()}
        onPageChange={onPageChange}
      />
    </Space>
  );
}

function ImportsTab({ page, accountNames, onPageChange, onError }: TabProps) {
  const { t } = useTranslation(NAMESPACE);
  const imports = useListSocialUrlImports(page);
  const create = useCreateSocialUrlImport();
  const start = useStartSocialUrlImport();
  // A new form after each import, so the next file starts from an empty drop zone.
  const [formKey, setFormKey] = useState(0);
  const items = imports.data?.items ?? [];
  useLiveSocialUrlImports(items);
  const sandbox = imports.data?.provider === 'sandbox' || items.some((item) => item.provider === 'sandbox');

  // Upload, then start on the chosen account; an upload whose start fails stays in the list to start again.
  const handleImport = async ({ accountId, ...upload }: SocialUrlImportValues) => {
    try {
      const created = await create.mutateAsync({ body: upload });
      await start.mutateAsync({ params: { id: created.id }, body: { accountId } });
      setFormKey((key) => key + 1);
    } catch (error) {
      onError(error);
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {sandbox ? <SandboxNetworkBanner /> : null}
      <Card title={t('linkedin.imports.newTitle')}>
        <NewSocialUrlImportForm key={formKey} importing={create.isPending || start.isPending} onImport={(values) => void handleImport(values)} />
      </Card>
      <SocialUrlImportsTable
        imports={items}
        total={imports.data?.total ?? 0}
        page={page}
        loading={imports.isPending}
        accountNames={accountNames}
        error={imports.isError ? imports.error : undefined}
        onRetry={() => void imports.refetch()}
        onPageChange={onPageChange}
      />
    </Space>
  );
}
