import { Progress, Space, Tag } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Technology } from '@leadforge/contracts';
import { EmptyState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';

export type TechnologiesTableProps = { technologies: Technology[] };

/** Technologies found, with their categories, version and how sure the match is. */
export function TechnologiesTable({ technologies }: TechnologiesTableProps) {
  const { t } = useTranslation(NAMESPACE);
  const columns: ProColumns<Technology>[] = [
    {
      title: t('techCheck.technology'),
      dataIndex: 'name',
      render: (_, tech) =>
        tech.website ? (
          <a href={tech.website} target="_blank" rel="noreferrer noopener">
            {tech.name}
          </a>
        ) : (
          tech.name
        ),
    },
    {
      title: t('techCheck.categories'),
      dataIndex: 'categories',
      render: (_, tech) => (
        <Space size={4} wrap>
          {tech.categories.map((category) => (
            <Tag key={category.slug}>{category.name}</Tag>
          ))}
        </Space>
      ),
    },
    { title: t('techCheck.version'), dataIndex: 'version', render: (_, tech) => tech.version ?? t('verify.none') },
    {
      title: t('techCheck.confidence'),
      dataIndex: 'confidence',
      width: 180,
      render: (_, tech) => <Progress percent={tech.confidence} size="small" aria-label={t('techCheck.confidenceOf', { name: tech.name })} />,
    },
  ];
  return (
    <ProTable<Technology>
      scroll={{ x: 'max-content' }}
      rowKey="slug"
      search={false}
      options={false}
      columns={columns}
      dataSource={technologies}
      pagination={false}
      locale={{ emptyText: <EmptyState title={t('techCheck.empty')} /> }}
    />
  );
}
