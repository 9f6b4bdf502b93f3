import { useEffect } from 'react';
import { Form, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_SETTABLE_RECIPIENT_STATUSES, type UserSettableRecipientStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import type { SenderOption } from './recipients-filter-drawer';

/** The bulk actions that need a choice before they run. */
export type BulkDialogKind = 'setSender' | 'moveToList' | 'setStatus';

export type BulkDialogChoice =
  | { kind: 'setSender'; channel: 'email' | 'linkedin'; accountId: number }
  | { kind: 'moveToList'; listId: number }
  | { kind: 'setStatus'; status: UserSettableRecipientStatus };

export type BulkActionDialogProps = {
  kind: BulkDialogKind | null;
  count: number;
  emailSenders: readonly SenderOption[];
  linkedinSenders: readonly SenderOption[];
  lists: readonly SenderOption[];
  listsLoading: boolean;
  busy: boolean;
  onConfirm: (choice: BulkDialogChoice) => void;
  onClose: () => void;
};

type Values = { channel?: 'email' | 'linkedin'; accountId?: number; listId?: number; status?: UserSettableRecipientStatus };

/** Asks for the sender, the list or the status a bulk action applies to the selected recipients. */
export function BulkActionDialog({ kind, count, emailSenders, linkedinSenders, lists, listsLoading, busy, onConfirm, onClose }: BulkActionDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<Values>();
  const channel = Form.useWatch('channel', form) ?? 'email';

  useEffect(() => {
    if (kind) form.resetFields();
  }, [kind, form]);

  const handleFinish = (values: Values) => {
    if (kind === 'setSender' && values.accountId !== undefined) onConfirm({ kind, channel: values.channel ?? 'email', accountId: values.accountId });
    else if (kind === 'moveToList' && values.listId !== undefined) onConfirm({ kind, listId: values.listId });
    else if (kind === 'setStatus' && values.status) onConfirm({ kind, status: values.status });
  };

  const required = [{ required: true, message: t('campaignPage.bulk.required') }];
  return (
    <Modal
      open={kind !== null}
      title={kind ? t(`campaignPage.bulk.actions.${kind}`) : undefined}
      okText={t('campaignPage.bulk.apply')}
      cancelText={t('campaignPage.common.cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('campaignPage.bulk.appliesTo', { count })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={handleFinish} initialValues={{ channel: 'email' }}>
        {kind === 'setSender' ? (
          <>
            <Form.Item name="channel" label={t('campaignPage.bulk.channel')}>
              <Radio.Group
                onChange={() => form.setFieldValue('accountId', undefined)}
                options={[
                  { value: 'email', label: t('campaignPage.bulk.emailAccount') },
                  { value: 'linkedin', label: t('campaignPage.bulk.linkedinAccount') },
                ]}
              />
            </Form.Item>
            <Form.Item name="accountId" label={t('campaignPage.bulk.account')} rules={required}>
              <Select
                showSearch
                optionFilterProp="label"
                options={(channel === 'email' ? emailSenders : linkedinSenders).map((s) => ({ value: s.id, label: s.label }))}
              />
            </Form.Item>
          </>
        ) : null}
        {kind === 'moveToList' ? (
          <Form.Item name="listId" label={t('campaignPage.bulk.list')} rules={required} extra={t('campaignPage.bulk.moveHelp')}>
            <Select showSearch optionFilterProp="label" loading={listsLoading} options={lists.map((l) => ({ value: l.id, label: l.label }))} />
          </Form.Item>
        ) : null}
        {kind === 'setStatus' ? (
          <Form.Item name="status" label={t('campaignPage.bulk.status')} rules={required} extra={t('campaignPage.bulk.statusHelp')}>
            <Select
              data-testid="set-status-select"
              options={USER_SETTABLE_RECIPIENT_STATUSES.map((status) => ({ value: status, label: t(`campaignPage.recipientStatus.${status}`) }))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
