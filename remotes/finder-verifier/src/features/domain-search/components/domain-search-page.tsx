import { useState } from 'react';
import { AutoComplete, Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS, type DomainSearchResult } from '@leadforge/contracts';
import { ErrorState, useApiErrorModal, useToast } from '@leadforge/ui';
import { useSearchFormLayout } from '../../../components/use-search-form-layout';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';
import { ListTargetModal, type ListTarget } from '../../../components/list-target-modal';
import { useSearchHistory } from '../../single-email-search/api/search-history';
import { SearchHistoryTable } from '../../single-email-search/components/search-history-table';
import { useDomainSearch, useDomainSearchPage, usePositions, useSaveDomainSearch } from '../api/domain-search';
import { CompanyCard } from './company-card';
import { DomainEmailsTable } from './domain-emails-table';

type SearchValues = { domain: string; position?: string };

export type DomainSearchFormProps = { searching: boolean; onSearch: (values: SearchValues) => void };

export function DomainSearchForm({ searching, onSearch }: DomainSearchFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [term, setTerm] = useState('');
  const positions = usePositions(term);
  const form = useSearchFormLayout();
  return (
    <Form<SearchValues> layout={form.layout} onFinish={onSearch}>
      <Form.Item name="domain" label={t('domainSearch.domain')} rules={[{ required: true, whitespace: true, message: t('singleSearch.domainRequired') }]}>
        <Input placeholder="acme.com" style={form.field(260)} maxLength={2048} />
      </Form.Item>
      <Form.Item name="position" label={t('domainSearch.positionFilter')}>
        <AutoComplete
          style={form.field(220)}
          onSearch={setTerm}
          options={(positions.data?.positions ?? []).map((position) => ({ value: position }))}
        >
          <Input maxLength={FINDER_LIMITS.termMax} />
        </AutoComplete>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={searching}>
        {t('domainSearch.submit')}
      </Button>
    </Form>
  );
}

/** /domain-search: addresses known at a domain, 8 a page, with the company's details. */
export function DomainSearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const search = useDomainSearch();
  const save = useSaveDomainSearch();
  const [first, setFirst] = useState<DomainSearchResult | null>(null);
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState(false);
  const [historyPage, setHistoryPage] = useState(1);
  const history = useSearchHistory(historyPage, 'domain');
  const further = useDomainSearchPage(first && page > 1 ? first.searchId : undefined, page);
  const shown = page > 1 && further.data ? further.data : first;

  const handleSearch = (values: SearchValues) =>
    search.mutate(
      { body: { domain: values.domain, position: values.position?.trim() || undefined } },
      {
        onSuccess: (result) => {
          setFirst(result);
          setPage(1);
        },
        onError: (error) => showError(error),
      },
    );
  const handleSave = (target: ListTarget) => {
    if (!first) return;
    save.mutate(
      { params: { searchId: first.searchId }, body: { target } },
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
    <Screen pageKey="domainSearch">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <DomainSearchForm searching={search.isPending} onSearch={handleSearch} />
        </Card>
        {shown ? (
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={8}>
              <CompanyCard company={shown.company} crawl={shown.crawl} />
            </Col>
            <Col xs={24} lg={16}>
              <Card
                title={t('domainSearch.results', { count: shown.total, domain: shown.domain })}
                extra={
                  <Button onClick={() => setSaving(true)} disabled={shown.total === 0}>
                    {t('addToList.button')}
                  </Button>
                }
              >
                {further.isError && page > 1 ? (
                  <ErrorState error={further.error} onRetry={() => void further.refetch()} />
                ) : (
                  <DomainEmailsTable
                    emails={shown.emails}
                    total={shown.total}
                    page={page}
                    loading={page > 1 && further.isFetching}
                    onPageChange={setPage}
                  />
                )}
              </Card>
            </Col>
          </Row>
        ) : null}
        <ListTargetModal open={saving} saving={save.isPending} onSubmit={handleSave} onClose={() => setSaving(false)} />
        <SearchHistoryTable
          items={history.data?.items ?? []}
          total={history.data?.total ?? 0}
          page={historyPage}
          loading={history.isFetching}
          error={history.isError ? history.error : undefined}
          onRetry={() => void history.refetch()}
          onPageChange={setHistoryPage}
        />
      </Space>
    </Screen>
  );
}
