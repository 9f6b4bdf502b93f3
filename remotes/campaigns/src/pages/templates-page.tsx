import { useState } from 'react';
import { Button, Col, Flex, Input, Row } from 'antd';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_SEARCH_MAX, type EmailTemplateItem } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useDeleteTemplate } from '../features/templates/api/delete-template';
import { useListTemplateCategories } from '../features/templates/api/list-template-categories';
import { useListTemplates } from '../features/templates/api/list-templates';
import { CategorySidebar, type CategoryFilter } from '../features/templates/components/category-sidebar';
import { TemplateEditorDrawer, type TemplateEditorTarget } from '../features/templates/components/template-editor-drawer';
import { TemplatesTable } from '../features/templates/components/templates-table';

/**
 * /campaigns/templates: the caller's email templates (document 1 §3 "Templates") with the
 * category filter beside them; add, edit (rich text or plain text), delete; categories added,
 * renamed and deleted in the sidebar. Templates are personal: teammates do not see each other's.
 */
export function TemplatesPage() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [filter, setFilter] = useState<CategoryFilter>('all');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TemplateEditorTarget | null>(null);
  const categories = useListTemplateCategories();
  const templates = useListTemplates({
    ...(filter === 'all' ? {} : { categoryId: filter }),
    ...(search ? { search } : {}),
  });
  const remove = useDeleteTemplate();

  const handleNew = () => setEditing({ kind: 'new', initial: typeof filter === 'number' ? { categoryId: filter } : {} });

  const handleDelete = (template: EmailTemplateItem) =>
    remove.mutate(
      { params: { id: template.templateId } },
      {
        onSuccess: () => toast.success(t('library.templates.toasts.deleted', { name: template.templateName })),
        onError: (error) => showError(error),
      },
    );

  const newButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={handleNew}>
      {t('library.templates.add')}
    </Button>
  );

  let content;
  if (templates.isPending) content = <LoadingState label={t('library.templates.loading')} />;
  else if (templates.isError) content = <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  else if (templates.data.items.length === 0)
    content =
      filter === 'all' && !search ? (
        <EmptyState title={t('library.templates.empty.title')} description={t('library.templates.empty.description')} action={newButton} />
      ) : (
        <EmptyState title={t('library.templates.empty.filtered')} />
      );
  else
    content = (
      <TemplatesTable
        templates={templates.data.items}
        deletingId={remove.isPending && remove.variables ? Number(remove.variables.params.id) : null}
        onEdit={(template) => setEditing({ kind: 'edit', template })}
        onDelete={handleDelete}
      />
    );

  return (
    <Screen pageKey="templates" extra={newButton}>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={7} lg={6}>
          <CategorySidebar selected={filter} onSelect={setFilter} />
        </Col>
        <Col xs={24} md={17} lg={18}>
          <Flex vertical gap={12}>
            <Input.Search
              allowClear
              placeholder={t('library.templates.search')}
              aria-label={t('library.templates.search')}
              onSearch={(value) => setSearch(value.trim())}
              maxLength={TEMPLATE_SEARCH_MAX}
              style={{ maxWidth: 360 }}
            />
            <section aria-label={t('library.templates.listLabel')}>{content}</section>
          </Flex>
        </Col>
      </Row>
      <TemplateEditorDrawer target={editing} categories={categories.data?.items ?? []} onClose={() => setEditing(null)} />
    </Screen>
  );
}
