import { useState } from 'react';
import { Button, Card, Drawer, Flex, Select, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES, type GlobalSearchFilters, type ProspectRow } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, PageHeader, useApiErrorModal, useSelectAllTitle, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { PlainList } from '../components/plain-list';
import { TableA11y } from '../components/table-a11y';
import { useTableParams } from '@leadforge/ui';
import { pageParam, readPage } from '@leadforge/ui';
import { useLists } from '../features/lists/api/get-lists';
import { useLastSearches } from '../features/search/api/get-last-searches';
import { useSearchProspects } from '../features/search/api/search-prospects';
import { useStartSearch } from '../features/search/api/start-search';
import { useAddSearchToList } from '../features/search/api/add-search-to-list';
import { SearchForm } from '../features/search/components/search-form';
import { ProspectView } from '../features/prospect/components/prospect-view';
import { searchErrors, searchFromParams, searchToParams } from '../features/search/utils/search-filters';

/**
 * /prospects/search: global search over every prospect the user may see, with the last searches.
 * In the URL: the search's fields (one parameter each) and the results' `page`.
 */
export function SearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const selectAllTitle = useSelectAllTitle();
  const toast = useToast();
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const shown = searchFromParams(params);
  const filters: GlobalSearchFilters | null = shown?.filters ?? null;
  const page = readPage(params, 'page');
  const [selected, setSelected] = useState<number[]>([]);
  const [targetList, setTargetList] = useState<number | undefined>();
  /** The result opened in the drawer, with a list it is in (0 when it is in none). */
  const [open, setOpen] = useState<{ id: number; listId: number } | null>(null);
  const start = useStartSearch();
  const results = useSearchProspects(filters, page);
  const last = useLastSearches();
  const lists = useLists('me');
  const addToList = useAddSearchToList();

  const handleSearch = (next: GlobalSearchFilters) =>
    start.mutate(
      { body: { filters: next, page: 1, perPage: PAGE_SIZES.prospects } },
      {
        onSuccess: () => {
          update({ ...searchToParams(next), page: undefined });
          setSelected([]);
        },
        onError: (error) => showError(error),
      },
    );

  const handleAdd = () => {
    if (!filters || targetList === undefined) return;
    addToList.mutate(
      { body: { listId: targetList, ...(selected.length > 0 ? { ids: selected } : { filters }) } },
      { onSuccess: (answer) => toast.success(t('search.added', { count: answer.added })), onError: (error) => showError(error) },
    );
  };

  const lastSearches = last.isPending ? (
    <LoadingState />
  ) : last.isError ? (
    <ErrorState error={last.error} onRetry={() => void last.refetch()} />
  ) : last.data.searches.length === 0 ? (
    <EmptyState title={t('search.noLast')} />
  ) : (
    <PlainList
      items={last.data.searches.filter((search) => Object.keys(searchErrors(search.filters as Record<string, string>)).length === 0)}
      itemKey={(search) => search.id}
      renderActions={(search) => <Tag>{t('search.results', { count: search.resultsCount })}</Tag>}
      renderItem={(search) => (
          <Typography.Link onClick={() => handleSearch(search.filters)}>
            {Object.entries(search.filters)
              .filter(([, value]) => typeof value === 'string' && value)
              .map(([key, value]) => `${t(`search.fields.${key}`)}: ${String(value)}`)
              .join(' · ')}
          </Typography.Link>
      )}
    />
  );

  const table = !filters ? null : results.isPending ? (
    <LoadingState />
  ) : results.isError ? (
    <ErrorState error={results.error} onRetry={() => void results.refetch()} />
  ) : results.data.contacts.length === 0 ? (
    <EmptyState title={t('search.empty')} />
  ) : (
    // The test id tells this search's results apart from the last searches, which show their own counts.
    <Flex vertical gap={8} data-testid="search-results">
      <Flex gap={8} align="center" wrap>
        <Typography.Text>{t('search.results', { count: results.data.prospectsCount })}</Typography.Text>
        <Select
          style={{ minWidth: 220 }}
          aria-label={t('bulk.targets.list')}
          placeholder={t('bulk.targets.list')}
          value={targetList}
          options={(lists.data?.lists ?? []).map((list) => ({ value: list.id, label: list.name }))}
          onChange={setTargetList}
        />
        <Button disabled={targetList === undefined} loading={addToList.isPending} onClick={handleAdd}>
          {selected.length > 0 ? t('search.addSelected', { count: selected.length }) : t('search.addAll')}
        </Button>
      </Flex>
      <TableA11y>
        <Table<ProspectRow>
          rowKey="id"
          size="small"
          dataSource={results.data.contacts}
          rowSelection={{ columnTitle: selectAllTitle, selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: PAGE_SIZES.prospects, total: results.data.prospectsCount, showSizeChanger: false, onChange: (next) => update({ page: pageParam(next) }) }}
          columns={[
            {
              key: 'name',
              title: t('columns.name'),
              render: (_, row) => (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen({ id: row.id, listId: row.lists[0]?.listId ?? 0 })}>
                  {row.name}
                </Button>
              ),
            },
            { key: 'emails', title: t('columns.emails'), render: (_, row) => row.emails.map((email) => email.email).join(', ') || '—' },
            { key: 'company', dataIndex: 'company', title: t('search.fields.company_name'), render: (value: string | null) => value ?? '—' },
            { key: 'lists', title: t('columns.lists'), render: (_, row) => row.lists.map((list) => list.name).join(', ') || '—' },
          ]}
        />
      </TableA11y>
    </Flex>
  );

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('pages.databaseSearch.title')} />
      <Card>
        <SearchForm initial={shown?.values} busy={start.isPending} onSearch={handleSearch} />
      </Card>
      {table}
      <Card title={t('search.last')} size="small">
        {lastSearches}
      </Card>
      <Drawer open={open !== null} size="large" onClose={() => setOpen(null)} destroyOnHidden title={t('pages.prospect.title')}>
        {open !== null ? <ProspectView prospectId={open.id} listId={open.listId} onOpenProspect={(id) => setOpen({ id, listId: 0 })} /> : null}
      </Drawer>
    </Flex>
  );
}
