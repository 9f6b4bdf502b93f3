import { useState } from 'react';
import { Button, Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { ListTargetModal, type ListTarget } from '../../target-lists/components/list-target-modal';
import { useGetDomainSearchPage } from '../api/get-domain-search-page';
import { useSaveDomainSearch } from '../api/save-domain-search';
import { CompanyCard } from './company-card';
import { DomainEmailsTable } from './domain-emails-table';

export type DomainSearchResultsProps = {
  searchId: string;
  page: number;
  onPageChange: (page: number) => void;
};

/** A stored domain search: the company, its addresses 8 a page, and saving them to a list. */
export function DomainSearchResults({ searchId, page, onPageChange }: DomainSearchResultsProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const shown = useGetDomainSearchPage(searchId, page);
  const save = useSaveDomainSearch();
  const [saving, setSaving] = useState(false);

  if (shown.isPending) return <LoadingState />;
  if (shown.isError && !shown.data) return <ErrorState error={shown.error} onRetry={() => void shown.refetch()} />;
  const result = shown.data;

  const handleSave = (target: ListTarget) =>
    save.mutate(
      { params: { searchId }, body: { target } },
      {
        onSuccess: (data) => {
          toast.success(t('addToList.done', { count: data.added, duplicates: data.duplicates }));
          setSaving(false);
        },
        onError: (error) => showError(error),
      },
    );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <CompanyCard company={result.company} crawl={result.crawl} />
      </Col>
      <Col xs={24} lg={16}>
        <Card
          title={t('domainSearch.results', { count: result.total, domain: result.domain })}
          extra={
            <Button onClick={() => setSaving(true)} disabled={result.total === 0}>
              {t('addToList.button')}
            </Button>
          }
        >
          {shown.isError ? (
            <ErrorState error={shown.error} onRetry={() => void shown.refetch()} />
          ) : (
            <DomainEmailsTable
              emails={result.emails}
              total={result.total}
              page={page}
              loading={shown.isPlaceholderData && shown.isFetching}
              onPageChange={onPageChange}
            />
          )}
        </Card>
      </Col>
      <ListTargetModal open={saving} saving={save.isPending} onSubmit={handleSave} onClose={() => setSaving(false)} />
    </Row>
  );
}
