import { useState } from 'react';
import { Avatar, Button, Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState, PageHeader, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { PlainList } from '../components/plain-list';
import { useTableParams } from '@leadforge/ui';
import { readText } from '@leadforge/ui';
import { COMPANY_QUERY_MIN, useCompanySearch } from '../features/companies/api/search-companies';
import { useCompanyLists } from '../features/companies/api/get-company-lists';
import { useAddCompanyToList } from '../features/companies/api/add-company-to-list';

/** /prospects/companies/search: find companies and save them to a company list. In the URL: the query `q`. */
export function CompanySearchPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const query = readText(params, 'q') ?? '';
  const [listId, setListId] = useState<number | undefined>();
  const search = useCompanySearch(query);
  const lists = useCompanyLists();
  const add = useAddCompanyToList();

  const results =
    query.length < COMPANY_QUERY_MIN ? (
      <EmptyState title={t('companies.searchHint')} />
    ) : search.isPending ? (
      <LoadingState />
    ) : search.isError ? (
      <ErrorState error={search.error} onRetry={() => void search.refetch()} />
    ) : search.data.companies.length === 0 ? (
      <EmptyState title={t('companies.noResults')} />
    ) : (
      <PlainList
        items={search.data.companies}
        itemKey={(company) => company.id}
        renderActions={(company) => (
              <Button
                key="add"
                disabled={listId === undefined}
                onClick={() =>
                  listId !== undefined &&
                  add.mutate({ body: { listId, items: [company.id] } }, { onSuccess: () => toast.success(t('companies.added', { name: company.name })), onError: (error) => showError(error) })
                }
              >
                {t('companies.addToList')}
              </Button>
        )}
        renderItem={(company) => (
          <Flex gap={12} align="center">
            {company.logo ? <Avatar src={company.logo} shape="square" /> : <Avatar shape="square">{company.name.slice(0, 1)}</Avatar>}
            <Flex vertical>
              <Typography.Text strong>{company.name}</Typography.Text>
              <Typography.Text type="secondary">{company.domain ?? '—'}</Typography.Text>
            </Flex>
          </Flex>
        )}
      />
    );

  return (
    <Flex vertical gap={16}>
      <PageHeader title={t('pages.companySearch.title')} onBack={() => navigate('/prospects/companies')} />
      <Flex gap={8} wrap>
        <Input.Search aria-label={t('companies.searchLabel')} placeholder={t('companies.searchLabel')} allowClear defaultValue={query} style={{ maxWidth: 420 }} onSearch={(value) => update({ q: value.trim() })} />
        <Select
          style={{ minWidth: 220 }}
          aria-label={t('companies.targetList')}
          placeholder={t('companies.targetList')}
          value={listId}
          options={(lists.data?.lists ?? []).map((list) => ({ value: list.id, label: list.listName }))}
          onChange={setListId}
        />
      </Flex>
      <Typography.Text type="secondary">{t('companies.searchNote')}</Typography.Text>
      {results}
    </Flex>
  );
}
