import { Button, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { EmailTemplateItem } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type TemplatesTableProps = {
  templates: readonly EmailTemplateItem[];
  deletingId: number | null;
  onEdit: (template: EmailTemplateItem) => void;
  onDelete: (template: EmailTemplateItem) => void;
};

/** The templates of the chosen category: name, subject, category, last change; edit and delete. */
export function TemplatesTable({ templates, deletingId, onEdit, onDelete }: TemplatesTableProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const columns: ColumnsType<EmailTemplateItem> = [
    {
      key: 'name',
      title: t('library.templates.columns.name'),
      render: (_, template) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => onEdit(template)}>
          {template.templateName}
        </Button>
      ),
    },
    {
      key: 'subject',
      title: t('library.templates.columns.subject'),
      render: (_, template) => (
        <Typography.Text ellipsis style={{ maxWidth: 320 }}>
          {template.templateData.subject}
        </Typography.Text>
      ),
    },
    {
      key: 'category',
      title: t('library.templates.columns.category'),
      render: (_, template) => (template.categoryName ? <Tag>{template.categoryName}</Tag> : <Typography.Text type="secondary">{t('library.templates.noCategory')}</Typography.Text>),
    },
    {
      key: 'mode',
      title: t('library.templates.columns.mode'),
      render: (_, template) => (template.templateData.plainTextMode ? t('library.templates.modes.plain') : t('library.templates.modes.rich')),
    },
    {
      key: 'updatedAt',
      title: t('library.templates.columns.updatedAt'),
      render: (_, template) => dateFormat.format(new Date(template.updatedAt)),
    },
    {
      key: 'actions',
      title: t('library.actions'),
      render: (_, template) => (
        <Space size={4}>
          <Button size="small" onClick={() => onEdit(template)} aria-label={t('library.templates.editOf', { name: template.templateName })}>
            {t('common:actions.edit')}
          </Button>
          <Popconfirm
            title={t('library.templates.deleteTitle', { name: template.templateName })}
            description={t('library.templates.deleteConsequence')}
            okText={t('common:actions.delete')}
            cancelText={t('common:actions.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => onDelete(template)}
          >
            <Button size="small" danger loading={deletingId === template.templateId} aria-label={t('library.templates.deleteOf', { name: template.templateName })}>
              {t('common:actions.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return <Table<EmailTemplateItem> rowKey="templateId" columns={columns} dataSource={[...templates]} pagination={false} size="middle" scroll={{ x: 'max-content' }} />;
}
