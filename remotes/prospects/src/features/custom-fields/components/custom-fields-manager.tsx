import { useState } from 'react';
import { Button, Card, Flex, Input, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal } from '@leadforge/ui';
import type { CustomField } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { PlainList } from '../../../components/plain-list';
import { useFieldGroups } from '../api/get-field-groups';
import { useSaveFieldGroup } from '../api/save-field-group';
import { useDeleteFieldGroup } from '../api/delete-field-group';
import { useCreateCustomField } from '../api/create-custom-field';
import { useDeleteCustomField } from '../api/delete-custom-field';
import { CustomFieldForm } from './custom-field-form';

/** Custom field groups (tabs of the prospect view) and their fields, by position. */
export function CustomFieldsManager() {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const groups = useFieldGroups();
  const saveGroup = useSaveFieldGroup();
  const deleteGroup = useDeleteFieldGroup();
  const createField = useCreateCustomField();
  const deleteField = useDeleteCustomField();
  const [groupName, setGroupName] = useState('');
  const onError = (error: Error) => showError(error);

  if (groups.isPending) return <LoadingState />;
  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;

  const handleAddGroup = () => {
    if (!groupName.trim()) return;
    saveGroup.mutate({ body: { name: groupName.trim(), position: groups.data.groups.length } }, { onError, onSuccess: () => setGroupName('') });
  };
  const fieldList = (fields: CustomField[]) =>
    fields.length === 0 ? (
      <Typography.Text type="secondary">{t('customFields.noFields')}</Typography.Text>
    ) : (
      <PlainList
        items={[...fields].sort((a, b) => a.position - b.position)}
        itemKey={(field) => field.id}
        renderActions={(field) => (
              <Popconfirm key="delete" title={t('customFields.confirmDeleteField', { name: field.name })} onConfirm={() => deleteField.mutate({ params: { id: field.id } }, { onError })}>
                <Button type="text" danger size="small">
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
        )}
        renderItem={(field) => (
          <>
            {field.name} <Tag>{t(`customFields.types.${field.type}`)}</Tag>
          </>
        )}
      />
    );

  return (
    <Flex vertical gap={16}>
      <Flex gap={8}>
        <Input aria-label={t('customFields.groupName')} placeholder={t('customFields.groupName')} value={groupName} onChange={(event) => setGroupName(event.target.value)} onPressEnter={handleAddGroup} />
        <Button type="primary" loading={saveGroup.isPending} disabled={!groupName.trim()} onClick={handleAddGroup}>
          {t('customFields.addGroup')}
        </Button>
      </Flex>
      {groups.data.groups.length === 0 && groups.data.ungrouped.length === 0 ? <EmptyState title={t('customFields.noGroups')} /> : null}
      {[...groups.data.groups]
        .sort((a, b) => a.position - b.position)
        .map((group) => (
          <Card
            key={group.id}
            size="small"
            title={group.name}
            extra={
              <Popconfirm title={t('customFields.confirmDeleteGroup', { name: group.name })} onConfirm={() => deleteGroup.mutate({ params: { id: group.id } }, { onError })}>
                <Button type="text" danger size="small">
                  {t('actions.delete')}
                </Button>
              </Popconfirm>
            }
          >
            {fieldList(group.fields)}
            <CustomFieldForm
              busy={createField.isPending}
              onSubmit={(field) => createField.mutate({ body: { ...field, groupId: group.id, position: group.fields.length } }, { onError })}
            />
          </Card>
        ))}
      {groups.data.ungrouped.length > 0 ? (
        <Card size="small" title={t('customFields.ungrouped')}>
          {fieldList(groups.data.ungrouped)}
        </Card>
      ) : null}
    </Flex>
  );
}
