import { useState } from 'react';
import { Button, Card, Form, Input, Radio, Result, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { UNINSTALL_PRODUCTS } from '@leadforge/contracts';
import { useApiErrorModal } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useSendUninstallReason } from '../api/send-uninstall-reason';

export type UninstallProduct = (typeof UNINSTALL_PRODUCTS)[number];

/** The reasons offered; the stored value is the key, so answers can be counted across languages. */
export const UNINSTALL_REASONS = ['not_useful', 'not_working', 'too_expensive', 'privacy', 'found_alternative', 'other'] as const;
const COMMENT_MAX = 2000;

type UninstallValues = { reason: (typeof UNINSTALL_REASONS)[number]; comment?: string };

export type UninstallFormProps = {
  submitting: boolean;
  onSubmit: (values: { reason: string; comment: string }) => void;
};

/** The reason (one of a fixed set, so answers can be counted across languages) and a free comment. */
export function UninstallForm({ submitting, onSubmit }: UninstallFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const handleFinish = (values: UninstallValues) => onSubmit({ reason: values.reason, comment: values.comment?.trim() ?? '' });
  return (
    <Form<UninstallValues> layout="vertical" onFinish={handleFinish} style={{ maxWidth: 640 }}>
      <Form.Item
        name="reason"
        label={t('uninstall.reasonLabel')}
        rules={[{ required: true, message: t('uninstall.reasonRequired') }]}
      >
        <Radio.Group>
          <Space orientation="vertical">
            {UNINSTALL_REASONS.map((reason) => (
              <Radio key={reason} value={reason}>
                {t(`uninstall.reasons.${reason}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="comment" label={t('uninstall.commentLabel')}>
        <Input.TextArea rows={4} maxLength={COMMENT_MAX} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('uninstall.submit')}
      </Button>
    </Form>
  );
}

export type UninstallFeedbackProps = { product: UninstallProduct };

/** Why an extension was removed: the form, then thanks once the answer is recorded. */
export function UninstallFeedback({ product }: UninstallFeedbackProps) {
  const { t } = useTranslation(NAMESPACE);
  const showError = useApiErrorModal();
  const mutation = useSendUninstallReason();
  const [sent, setSent] = useState(false);
  const handleSubmit = ({ reason, comment }: { reason: string; comment: string }) =>
    mutation.mutate(
      { body: { product, reason, comment } },
      { onSuccess: () => setSent(true), onError: (error) => showError(error) },
    );
  return (
    <Card>
      {sent ? (
        <Result status="success" title={t('uninstall.thanksTitle')} subTitle={t('uninstall.thanksText')} />
      ) : (
        <UninstallForm submitting={mutation.isPending} onSubmit={handleSubmit} />
      )}
    </Card>
  );
}
