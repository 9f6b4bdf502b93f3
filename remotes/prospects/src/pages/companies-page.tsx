import { useState, type Key } from 'react';
import { Button, Drawer, Flex, Input, Space, Table, Typography } from 'antd';
import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PAGE_SIZES, type CompanyRow } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, PageHeader, useApiErrorModal, useSelectAllTitle } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { useCompanies } from '../features/companies/api/get-companies';
import { useCompanyLists } from '../features/companies/api/get-company-lists';
import { useExportCompanies } from '../features/companies/api/export-companies';
import { SidebarLayout } from '../components/sidebar-layout';
import { useTableParams } from '@leadforge/ui';
import { pageParam, readId, readPage, readText } from '@leadforge/ui';
import { TableA11y } from '../components/table-a11y';
import { CompanyListsPanel } from '../features/companies/components/company-lists-panel';
import { CompanyOverview } from '../features/companies/components/company-overview';
import { MoveCompanies } from '../features/companies/components/move-companies';

/**
 * /prospects/companies: company lists and the company table, 50 per page, with overview, move and
 * export. In the URL: the `list` open, the table's `page` and its filter `q`.
 */
export function CompaniesPage() {
  const { t } = useTranslation(NAMESPACE);
  const selectAllTitle = useSelectAllTitle();
  const navigate = useNavigate();
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const listId = readId(params, 'list');
  const page = readPage(params, 'page');
  const query = readText(params, 'q') ?? '';
  const [open, setOpen] = useState<number | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const lists = useCompanyLists();
  const companies = useCompanies({ listId, page, ...(query ? { query } : {}) });
  const exportList = useExportCompanies();
  const activeList = lists.data?.lists.find((list) => list.id === listId) ?? null;

  const handleSelectList = (next: number | null) => {
    update({ list: next, page: undefined });
    setSelected([]);
  };

  const table = companies.isPending ? (
    <LoadingState />
  ) : companies.isError ? (
    <ErrorState error={companies.error} onRetry={() => void companies.refetch()} />
  ) : companies.data.companies.length === 0 ? (
    <EmptyState
      title={t('companies.empty')}
      action={<Button onClick={() => navigate('/prospects/companies/search')}>{t('companies.find')}</Button>}
    />
  ) : (
    <TableA11y>
      <Table<CompanyRow>
        rowKey="id"
        size="small"
        loading={companies.isFetching}
        dataSource={companies.data.companies}
        virtual={companies.data.companies.length > PAGE_SIZES.companyTable}
        // On a phone the columns scroll inside the table instead of pushing the page sideways.
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZES.companyTable,
          total: companies.data.total,
          showSizeChanger: false,
          onChange: (next) => update({ page: pageParam(next) }),
        }}
        // Companies are moved from the list being shown, so they are chosen only inside a list.
        {...(listId !== null
          ? { rowSelection: { columnTitle: selectAllTitle, selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys.map(Number)) } }
          : {})}
        columns={[
          {
            key: 'name',
            title: t('companies.columns.name'),
            render: (_, company) => <Typography.Link onClick={() => setOpen(company.id)}>{company.companyName}</Typography.Link>,
          },
          { key: 'domain', dataIndex: 'domain', title: t('companies.columns.domain') },
          { key: 'industry', dataIndex: 'industry', title: t('companies.columns.industry') },
          { key: 'country', dataIndex: 'country', title: t('companies.columns.country') },
          { key: 'prospects', dataIndex: 'prospectsCount', title: t('companies.columns.prospects') },
        ]}
      />
    </TableA11y>
  );

  return (
    <Flex vertical>
      <PageHeader
        title={t('pages.companies.title')}
        extra={
          <Space>
            <Button icon={<SearchOutlined />} onClick={() => navigate('/prospects/companies/search')}>
              {t('companies.find')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={listId === null}
              loading={exportList.isPending}
              onClick={() => listId !== null && exportList.mutate(listId, { onError: (error) => showError(error) })}
            >
              {t('export.list')}
            </Button>
          </Space>
        }
      />
      <SidebarLayout sidebar={<CompanyListsPanel activeListId={listId} onSelect={handleSelectList} />}>
          <Flex vertical gap={8}>
            {activeList ? <Typography.Title level={4}>{activeList.listName}</Typography.Title> : null}
            <Flex gap={8} wrap>
              <Input.Search
                aria-label={t('companies.filter')}
                placeholder={t('companies.filter')}
                allowClear
                defaultValue={query}
                style={{ flex: 1, minWidth: 220 }}
                onSearch={(value) => update({ q: value.trim(), page: undefined })}
              />
              {listId !== null && selected.length > 0 ? (
                <MoveCompanies
                  fromListId={listId}
                  lists={lists.data?.lists ?? []}
                  companyIds={selected}
                  onMoved={() => setSelected([])}
                />
              ) : null}
            </Flex>
            {table}
          </Flex>
      </SidebarLayout>
      <Drawer open={open !== null} size="large" onClose={() => setOpen(null)} title={t('companies.overview')} destroyOnHidden>
        {open !== null ? <CompanyOverview companyId={open} /> : null}
      </Drawer>
    </Flex>
  );
}
