import { Button, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { PlainList } from '../../../components/plain-list';
import { useCustomTags } from '../api/get-custom-tags';
import { useDeleteTag } from '../api/delete-tag';

/** The user's custom tags with how many prospects carry each; deleting one takes it off them all. */
export function TagsManager() {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const tags = useCustomTags();
  const remove = useDeleteTag();
  if (tags.isPending) return <LoadingState />;
  if (tags.isError) return <ErrorState error={tags.error} onRetry={() => void tags.refetch()} />;
  if (tags.data.tags.length === 0) return <EmptyState title={t('tags.empty')} description={t('tags.emptyHint')} />;
  return (
    <PlainList
      items={tags.data.tags}
      itemKey={(tag) => tag.id}
      renderActions={(tag) => (
            <Popconfirm key="delete" title={t('tags.confirmDelete', { name: tag.name })} onConfirm={() => remove.mutate({ body: { tagId: tag.id } }, { onError: (error) => showError(error) })}>
              <Button type="text" danger>
                {t('actions.delete')}
              </Button>
            </Popconfirm>
      )}
      renderItem={(tag) => (
        <>
          <Tag color="blue">{tag.name}</Tag>
          <Typography.Text type="secondary">{t('tags.count', { count: tag.count })}</Typography.Text>
        </>
      )}
    />
  );
}
