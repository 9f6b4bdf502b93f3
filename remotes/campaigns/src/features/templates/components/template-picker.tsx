import { useState } from 'react';
import { Button, Flex, Input, Modal, Select, Typography } from 'antd';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import { useTranslation } from 'react-i18next';
import type { EmailTemplate } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useListTemplateCategories } from '../api/list-template-categories';
import { useListTemplates } from '../api/list-templates';

export type TemplatePickerProps = {
  /** The chosen template (its subject, body and mode fill the email being written). */
  onPick(template: EmailTemplate): void;
};

/** A button that opens the caller's templates (by category or words) and gives back the one chosen. */
export function TemplatePicker({ onPick }: TemplatePickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<FileTextOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('library.picker.open')}
      </Button>
      <Modal open={open} title={t('library.picker.title')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={640}>
        {open ? (
          <PickerBody
            onPick={(template) => {
              setOpen(false);
              onPick(template);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function PickerBody({ onPick }: TemplatePickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const [category, setCategory] = useState<number | 'none' | 'all'>('all');
  const [search, setSearch] = useState('');
  const categories = useListTemplateCategories();
  const templates = useListTemplates({
    ...(category === 'all' ? {} : { categoryId: category }),
    ...(search.trim() ? { search: search.trim() } : {}),
  });

  let content;
  if (templates.isPending) content = <LoadingState label={t('library.templates.loading')} />;
  else if (templates.isError) content = <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  else if (templates.data.items.length === 0) content = <EmptyState title={t('library.picker.empty')} />;
  else
    content = (
      <ul aria-label={t('library.templates.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {templates.data.items.map((template) => (
          <li key={template.templateId} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
            <Flex justify="space-between" align="center" gap={12}>
              <Flex vertical style={{ minWidth: 0 }}>
                <Typography.Text strong ellipsis>
                  {template.templateName}
                </Typography.Text>
                <Typography.Text type="secondary" ellipsis>
                  {template.templateData.subject}
                </Typography.Text>
              </Flex>
              <Button type="primary" size="small" onClick={() => onPick(template)} aria-label={t('library.picker.useOf', { name: template.templateName })}>
                {t('library.picker.use')}
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
    );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Select
          style={{ minWidth: 200 }}
          aria-label={t('library.templates.fields.category')}
          value={category}
          onChange={setCategory}
          options={[
            { value: 'all', label: t('library.categories.all') },
            { value: 'none', label: t('library.categories.none') },
            ...(categories.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })),
          ]}
        />
        <Input.Search allowClear style={{ flex: 1, minWidth: 200 }} placeholder={t('library.templates.search')} aria-label={t('library.templates.search')} onSearch={setSearch} />
      </Flex>
      {content}
    </Flex>
  );
}
