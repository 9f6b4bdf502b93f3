import { useState } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIST_NAME_MAX } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useGetTargetLists } from '../api/get-target-lists';

/** Where found or verified addresses go: one of the caller's lists or a new one. */
export type ListTarget = { listId: number } | { listName: string };
type Values = { target: 'existing' | 'new'; listId?: number; listName?: string };

export type ListTargetModalProps = {
  open: boolean;
  saving: boolean;
  onSubmit: (target: ListTarget) => void;
  onClose: () => void;
};

export function ListTargetModal({ open, saving, onSubmit, onClose }: ListTargetModalProps) {
  const { t } = useTranslation(NAMESPACE);
  const [keyword, setKeyword] = useState('');
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form) ?? 'new';
  const lists = useGetTargetLists(keyword, open && target === 'existing');
  const handleFinish = (values: Values) =>
    onSubmit(
      values.target === 'existing' && values.listId ? { listId: values.listId } : { listName: (values.listName ?? '').trim() },
    );
  return (
    <Modal
      open={open}
      title={t('addToList.title')}
      okText={t('addToList.save')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ target: 'new' }} onFinish={handleFinish}>
        <Form.Item name="target">
          <Radio.Group
            options={[
              { value: 'new', label: t('addToList.newList') },
              { value: 'existing', label: t('addToList.existingList') },
            ]}
          />
        </Form.Item>
        {target === 'existing' ? (
          <Form.Item name="listId" label={t('addToList.list')} rules={[{ required: true, message: t('addToList.listRequired') }]}>
            <Select
              showSearch
              filterOption={false}
              onSearch={setKeyword}
              loading={lists.isFetching}
              notFoundContent={lists.isError ? t('addToList.listsFailed') : t('addToList.noLists')}
              options={(lists.data?.lists ?? []).map((list) => ({ value: list.id, label: list.name }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="listName"
            label={t('addToList.listName')}
            rules={[{ required: true, whitespace: true, message: t('addToList.listNameRequired') }]}
          >
            <Input maxLength={LIST_NAME_MAX} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
