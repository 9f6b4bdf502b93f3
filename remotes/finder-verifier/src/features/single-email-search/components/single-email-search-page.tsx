import { useState } from 'react';
import { AutoComplete, Button, Card, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS, type SingleSearchResult } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { useSearchFormLayout } from '../../../components/use-search-form-layout';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';
import { ListTargetModal, type ListTarget } from '../../../components/list-target-modal';
import { useSaveSingleSearch, useSingleSearch } from '../api/single-search';
import { useSearchHistory } from '../api/search-history';
import { useCompanies } from '../api/companies';
import { SingleSearchResultCard } from './single-search-result';
import { SearchHistoryTable } from './search-history-table';

type SearchValues = { firstName: string; lastName: string; domain: string };

export type SingleSearchFormProps = { searching: boolean; onSearch: (values: SearchValues) => void };

export function SingleSearchForm({ searching, onSearch }: SingleSearchFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [term, setTerm] = useState('');
  const companies = useCompanies(term);
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  const form = useSearchFormLayout();
  return (
    <Form<SearchValues> layout={form.layout} onFinish={(values) => onSearch(values)}>
      <Form.Item name="firstName" label={t('singleSearch.firstName')} rules={required(t('singleSearch.firstNameRequired'))}>
        <Input maxLength={FINDER_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item name="lastName" label={t('singleSearch.lastName')} rules={required(t('singleSearch.lastNameRequired'))}>
        <Input maxLength={FINDER_LIMITS.nameMax} />
      </Form.Item>
      <Form.Item name="domain" label={t('singleSearch.domain')} rules={required(t('singleSearch.domainRequired'))}>
        <AutoComplete
          style={form.field(240)}
          onSearch={setTerm}
          options={(companies.data?.companies ?? []).map((company) => ({ value: company.domain, label: `${company.name} (${company.domain})` }))}
        >
          <Input placeholder="acme.com" />
        </AutoComplete>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={searching}>
        {t('singleSearch.submit')}
      </Button>
    </Form>
  );
}

/** /search/single-email: one person's address from name and domain, saved to a list on request. */
export function SingleEmailSearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const search = useSingleSearch();
  const save = useSaveSingleSearch();
  const [result, setResult] = useState<SingleSearchResult | null>(null);
  const [saving, setSaving] = useState(false);
  const [page, setPage] = useState(1);
  const history = useSearchHistory(page, 'single');

  const handleSearch = (body: SearchValues) =>
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
          onPageChange={setPage}
        />
      </Space>
    </Screen>
  );
}
