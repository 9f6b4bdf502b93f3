import { useEffect, useRef } from 'react';
import { Alert, Button, Card, Form, Input, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useSearchFormLayout } from '../../../hooks/use-search-form-layout';
import { usePrepareClearEmail } from '../api/prepare-clear-email';
import { useRemoveClearedEmail } from '../api/remove-cleared-email';

const isNotFound = (error: unknown) => isApiError(error) && error.errors.some((item) => item.key === 'not_found');

export type ClearEmailPanelProps = {
  /** From a link in an email: the address, or the key standing for it. */
  keyEmail: string | undefined;
};

/** The owner of an address finds where it is kept and asks to be cleared from every list. */
export function ClearEmailPanel({ keyEmail }: ClearEmailPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const form = useSearchFormLayout();
  const prepare = usePrepareClearEmail();
  const remove = useRemoveClearedEmail();
  const requested = useRef<string | null>(null);

  useEffect(() => {
    // A link from an email carries the key: look it up once per key, without a form.
    if (!keyEmail || requested.current === keyEmail) return;
    requested.current = keyEmail;
    prepare.mutate({ body: keyEmail.includes('@') ? { email: keyEmail } : { keyEmail } });
  }, [keyEmail, prepare]);

  const handleLookup = ({ email }: { email: string }) => prepare.mutate({ body: { email: email.trim() } });
  const handleRemove = () => {
    if (prepare.data) remove.mutate({ body: { key: prepare.data.key } });
  };

  let content;
  if (remove.isSuccess) {
    content = (
      <Result
        status="success"
        title={t('clearEmail.removedTitle')}
        subTitle={t('clearEmail.removedText', { count: remove.data.removed })}
      />
    );
  } else if (prepare.isPending) {
    content = <LoadingState />;
  } else if (prepare.isError && !isNotFound(prepare.error)) {
    content = <ErrorState error={prepare.error} onRetry={() => prepare.reset()} />;
  } else if (prepare.data) {
    content = (
      <Space orientation="vertical">
        <Typography.Text>{t('clearEmail.found', { email: prepare.data.email, count: prepare.data.listsCount })}</Typography.Text>
        {remove.isError ? <ErrorState error={remove.error} /> : null}
        <Button type="primary" danger loading={remove.isPending} onClick={handleRemove} disabled={prepare.data.listsCount === 0}>
          {t('clearEmail.remove')}
        </Button>
      </Space>
    );
  } else {
    content = (
      <Form<{ email: string }> layout={form.layout} onFinish={handleLookup}>
        <Form.Item
          name="email"
          label={t('clearEmail.emailLabel')}
          rules={[{ required: true, type: 'email', message: t('clearEmail.emailInvalid') }]}
        >
          <Input type="email" autoComplete="email" style={form.field(280)} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('clearEmail.lookup')}
        </Button>
      </Form>
    );
  }

  return (
    <Card>
      {prepare.isError && isNotFound(prepare.error) ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('clearEmail.notFound')} />
      ) : null}
      {content}
    </Card>
  );
}
