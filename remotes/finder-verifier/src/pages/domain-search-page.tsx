import { Card, Space } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useApiErrorModal } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { useTableParams } from '@leadforge/ui';
import { pageParam, readPage, readText } from '@leadforge/ui';
import { getDomainSearchPageQueryOptions } from '../features/domain-search/api/get-domain-search-page';
import { useRunDomainSearch } from '../features/domain-search/api/run-domain-search';
import { DomainSearchForm, type DomainSearchValues } from '../features/domain-search/components/domain-search-form';
import { DomainSearchResults } from '../features/domain-search/components/domain-search-results';
import { useGetSearchHistory } from '../features/search-history/api/get-search-history';
import { SearchHistoryTable } from '../features/search-history/components/search-history-table';

/**
 * /domain-search: addresses known at a domain, 8 a page, with the company's details.
 * In the URL: the `searchId` shown and its `page`, and the `historyPage` of past searches.
 */
export function DomainSearchPage() {
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const [params, update] = useTableParams();
  const searchId = readText(params, 'searchId');
  const page = readPage(params, 'page');
  const historyPage = readPage(params, 'historyPage');
  const run = useRunDomainSearch();
  const history = useGetSearchHistory(historyPage, 'domain');

  const handleSearch = (values: DomainSearchValues) =>
    run.mutate(
      { body: { domain: values.domain, position: values.position?.trim() || undefined } },
      {
        onSuccess: (result) => {
          // The search answers its first page: stored as that page, so showing it asks nothing again.
          queryClient.setQueryData(getDomainSearchPageQueryOptions(result.searchId, 1).queryKey, result);
          update({ searchId: result.searchId, page: undefined });
        },
        onError: (error) => showError(error),
      },
    );

  return (
    <Screen pageKey="domainSearch">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <DomainSearchForm searching={run.isPending} onSearch={handleSearch} />
        </Card>
        {searchId !== null ? (
          <DomainSearchResults
            key={searchId}
            searchId={searchId}
            page={page}
            onPageChange={(next) => update({ page: pageParam(next) })}
          />
        ) : null}
        <SearchHistoryTable
          items={history.data?.items ?? []}
          total={history.data?.total ?? 0}
          page={historyPage}
          loading={history.isFetching}
          error={history.isError ? history.error : undefined}
          onRetry={() => void history.refetch()}
          onPageChange={(next) => update({ historyPage: pageParam(next) })}
        />
      </Space>
    </Screen>
  );
}
