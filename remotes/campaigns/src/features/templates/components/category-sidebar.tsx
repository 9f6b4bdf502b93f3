import { useState } from 'react';
import { Button, Flex, Popconfirm, Skeleton, Tooltip, Typography } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/es/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { TemplateCategoryItem } from '@leadforge/contracts';
import { ErrorState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useDeleteTemplateCategory } from '../api/delete-template-category';
import { useListTemplateCategories } from '../api/list-template-categories';
import { CategoryNameDialog, type CategoryDialogTarget } from './category-name-dialog';

/** Which templates the list shows: all, those without a category, or one category's. */
export type CategoryFilter = 'all' | 'none' | number;

export type CategorySidebarProps = {
  selected: CategoryFilter;
  onSelect: (filter: CategoryFilter) => void;
};

/**
 * The category filter beside the templates: all, uncategorised, and each category with its
 * count; categories are added, renamed and deleted here (a deleted category's templates stay,
 * without a category).
 */
export function CategorySidebar({ selected, onSelect }: CategorySidebarProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const categories = useListTemplateCategories();
  const remove = useDeleteTemplateCategory();
  const [dialog, setDialog] = useState<CategoryDialogTarget | null>(null);

  const items = categories.data?.items ?? [];
  const total = items.reduce((sum, category) => sum + category.templatesCount, categories.data?.uncategorisedCount ?? 0);

  const handleDelete = (category: TemplateCategoryItem) =>
    remove.mutate(
      { params: { id: category.id } },
      {
        onSuccess: () => {
          if (selected === category.id) onSelect('all');
          toast.success(t('library.categories.toasts.deleted', { name: category.name }));
        },
        onError: (error) => showError(error),
      },
    );

  const entry = (filter: CategoryFilter, label: string, count: number | undefined) => (
    <Button
      type={selected === filter ? 'primary' : 'text'}
      ghost={selected === filter}
      aria-pressed={selected === filter}
      block
      style={{ justifyContent: 'space-between', display: 'flex' }}
      onClick={() => onSelect(filter)}
    >
      <Typography.Text ellipsis style={{ color: 'inherit' }}>
        {label}
      </Typography.Text>
      {count === undefined ? null : <span aria-hidden>{count}</span>}
    </Button>
  );

  let list;
  if (categories.isPending) list = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (categories.isError) list = <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  else
    list = (
      <>
        {entry('all', t('library.categories.all'), total)}
        {entry('none', t('library.categories.none'), categories.data.uncategorisedCount)}
        {items.map((category) => (
          <Flex key={category.id} gap={4} align="center" data-testid={`category-${category.id}`}>
            <div style={{ flex: 1, minWidth: 0 }}>{entry(category.id, category.name, category.templatesCount)}</div>
            <Tooltip title={t('library.categories.rename')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined aria-hidden />}
                aria-label={t('library.categories.renameOf', { name: category.name })}
                onClick={() => setDialog({ kind: 'rename', category })}
              />
            </Tooltip>
            <Popconfirm
              title={t('library.categories.deleteTitle', { name: category.name })}
              description={t('library.categories.deleteConsequence')}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => handleDelete(category)}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('library.categories.deleteOf', { name: category.name })} />
            </Popconfirm>
          </Flex>
        ))}
      </>
    );

  return (
    <nav aria-label={t('library.categories.title')} style={{ width: '100%' }}>
      <Flex vertical gap={4}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('library.categories.title')}
          </Typography.Title>
          <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'new' })}>
            {t('library.categories.add')}
          </Button>
        </Flex>
        {list}
      </Flex>
      <CategoryNameDialog target={dialog} onClose={() => setDialog(null)} onSaved={(category) => dialog?.kind === 'new' && onSelect(category.id)} />
    </nav>
  );
}
