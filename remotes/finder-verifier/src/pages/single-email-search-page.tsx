import { useState } from 'react';
import { Button, Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SingleSearchResult } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { Screen } from '../components/screen';
import { useTableParams } from '@leadforge/ui';
import { pageParam, readPage } from '@leadforge/ui';
import { useGetSearchHistory } from '../features/search-history/api/get-search-history';
import { SearchHistoryTable } from '../features/search-history/components/search-history-table';
import { useRunSingleSearch } from '../features/single-email-search/api/run-single-search';
import { useSaveSingleSearch } from '../features/single-email-search/api/save-single-search';
import { SingleSearchForm, type SingleSearchValues } from '../features/single-email-search/components/single-search-form';
import { SingleSearchResultCard } from '../features/single-email-search/components/single-search-result';
import { ListTargetModal, type ListTarget } from '../features/target-lists/components/list-target-modal';

/** /search/single-email: one person's address from name and domain, saved to a list on request. In the URL: the history's `page`. */
export function SingleEmailSearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const page = readPage(params, 'page');
  const search = useRunSingleSearch();
  const save = useSaveSingleSearch();
  const [result, setResult] = useState<SingleSearchResult | null>(null);
  const [saving, setSaving] = useState(false);
  const history = useGetSearchHistory(page, 'single');

  const handleSearch = (body: SingleSearchValues) =>
    search.mutate({ body }, { onSuccess: setResult, onError: (error) => showError(error) });
  const handleSave = (target: ListTarget) => {
    if (!result) return;
    save.mutate(
      { params: { searchId: result.searchId }, body: { target } },
      {
        onSuccess: (data) => {
          toast.success(t('addToList.done', { count: data.added, duplicates: data.duplicates }));
          setSaving(false);
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Screen pageKey="singleEmailSearch">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <SingleSearchForm searching={search.isPending} onSearch={handleSearch} />
        </Card>
        {result ? (
          <SingleSearchResultCard
            result={result}
            actions={
              <Button disabled={!result.email} onClick={() => setSaving(true)}>
                {t('addToList.button')}
              </Button>
            }
          />
        ) : null}
        <ListTargetModal open={saving} saving={save.isPending} onSubmit={handleSave} onClose={() => setSaving(false)} />
        <SearchHistoryTable
          items={history.data?.items ?? []}
          total={history.data?.total ?? 0}
          page={page}
          loading={history.isFetching}
          error={history.isError ? history.error : undefined}
          onRetry={() => void history.refetch()}
          onPageChange={(next) => update({ page: pageParam(next) })}
        />
      </Space>
    </Screen>
  );
}
