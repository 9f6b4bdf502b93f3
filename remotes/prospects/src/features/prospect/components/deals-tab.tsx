import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProspectInfo } from '@leadforge/contracts';
import { EmptyState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';

type Deal = NonNullable<ProspectInfo['deals']>[number];
export type DealsTabProps = { deals: Deal[] };

/** The prospect's deals, read-only here (the CRM area edits them). */
export function DealsTab({ deals }: DealsTabProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  if (deals.length === 0) return <EmptyState title={t('deals.empty')} />;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Table<Deal>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={deals}
      columns={[
        { key: 'title', dataIndex: 'title', title: t('deals.columns.title') },
        { key: 'value', title: t('deals.columns.value'), render: (_, deal) => number.format(Number(deal.value)) },
        { key: 'status', title: t('deals.columns.status'), render: (_, deal) => <Tag>{deal.status}</Tag> },
      ]}
    />
  );
}
