import { useState } from 'react';
import { Button, Drawer, Flex, Form, Select } from 'antd';
import UserAddOutlined from '@ant-design/icons/es/icons/UserAddOutlined';
import { useTranslation } from 'react-i18next';
import type { ProspectEdit } from '@leadforge/contracts';
import { ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useFieldGroups } from '../../custom-fields/api/get-field-groups';
import { useAddProspect } from '../api/add-prospect';
import { useCountryIndustryLists } from '../api/get-country-industry-lists';
import { accessMapFor } from '../utils/prospect-access';
import { serverFieldErrors } from '../utils/server-errors';
import { ProspectEditor } from './prospect-editor';

/** A record being created: the viewer class "new" of document 1 §6 (every element but mood editable). */
const NEW_ACCESS = accessMapFor('new');

export type NewProspectProps = {
  /** The list the prospect goes into; null (All contacts): the user picks one of `lists`. */
  listId: number | null;
  /** The user's own lists, offered when there is no current list. */
  lists: { id: number; name: string }[];
  onAdded?: (prospectId: number) => void;
};

/**
 * "Add prospect": a drawer with the prospect editor on an empty record, so the rules of document 1
 * §5 are the editor's own (name required ≤ 251, companies, numbers, sanitising); saved through
 * /prospects-new/add into the current list, after which the table shows it.
 */
export function NewProspect({ listId, lists, onAdded }: NewProspectProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [open, setOpen] = useState(false);
  const [pickedList, setPickedList] = useState<number | null>(null);
  const [listMissing, setListMissing] = useState(false);
  const add = useAddProspect();
  const lookups = useCountryIndustryLists();
  const groups = useFieldGroups();
  const targetList = listId ?? pickedList;

  const handleClose = () => {
    setOpen(false);
    setListMissing(false);
    add.reset();
  };

  const handleSave = (edit: ProspectEdit) => {
    if (targetList === null) {
      setListMissing(true);
      return;
    }
    add.mutate(
      { body: { ...edit, name: edit.name ?? '', listId: targetList } },
      {
        onSuccess: (saved) => {
          toast.success(t('newProspect.added', { name: saved.name }));
          handleClose();
          onAdded?.(saved.id);
        },
        // Field errors show on their fields; anything else (the list is gone, …) in the error modal.
        onError: (error) => {
          if (Object.keys(serverFieldErrors(error)).length === 0) showError(error);
        },
      },
    );
  };

  const form = (() => {
    if (lookups.isPending || groups.isPending) return <LoadingState label={t('newProspect.loading')} />;
    if (lookups.isError) return <ErrorState error={lookups.error} onRetry={() => void lookups.refetch()} />;
    if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;
    return (
      <Flex vertical gap={8}>
        {listId === null ? (
          <Form layout="vertical" component="div">
            <Form.Item
              label={t('newProspect.list')}
              required
              validateStatus={listMissing && pickedList === null ? 'error' : undefined}
              help={listMissing && pickedList === null ? t('newProspect.listRequired') : undefined}
            >
              <Select
                aria-label={t('newProspect.list')}
                showSearch
                optionFilterProp="label"
                value={pickedList ?? undefined}
                options={lists.map((list) => ({ value: list.id, label: list.name }))}
                onChange={(value: number) => setPickedList(value)}
              />
            </Form.Item>
          </Form>
        ) : null}
        <ProspectEditor
          prospect={null}
          access={NEW_ACCESS}
          countries={lookups.data.countries}
          industries={lookups.data.industries}
          fieldGroups={groups.data.groups}
          saving={add.isPending}
          serverErrors={serverFieldErrors(add.error)}
          onSave={handleSave}
        />
      </Flex>
    );
  })();

  return (
    <>
      <Button type="primary" icon={<UserAddOutlined />} onClick={() => setOpen(true)}>
        {t('newProspect.open')}
      </Button>
      <Drawer open={open} size="large" onClose={handleClose} title={t('newProspect.title')} destroyOnHidden>
        {open ? form : null}
      </Drawer>
    </>
  );
}
