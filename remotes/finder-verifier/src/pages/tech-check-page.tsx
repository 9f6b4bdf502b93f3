import { Button, Card, Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '@leadforge/ui';
import { useSearchFormLayout } from '../hooks/use-search-form-layout';
import { NAMESPACE } from '../i18n';
import { Screen } from '../components/screen';
import { useCheckTechnologies } from '../features/tech-check/api/check-technologies';
import { TechnologiesTable } from '../features/tech-check/components/technologies-table';

const URL_MAX = 2048;

/** /techcheck: which technologies a website is built with. */
export function TechCheckPage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  const check = useCheckTechnologies();
  const form = useSearchFormLayout();
  const handleCheck = ({ url }: { url: string }) => check.mutate({ body: { url: url.trim() } });
  return (
    <Screen pageKey="techCheck">
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <Card>
          <Form<{ url: string }> layout={form.layout} onFinish={handleCheck}>
            <Form.Item
              name="url"
              label={t('techCheck.url')}
              rules={[{ required: true, whitespace: true, message: t('techCheck.urlRequired') }]}
            >
              <Input placeholder="https://acme.com" maxLength={URL_MAX} style={form.field(320)} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={check.isPending}>
              {t('techCheck.submit')}
            </Button>
          </Form>
        </Card>
        {check.isPending ? <LoadingState label={t('techCheck.checking')} /> : null}
        {check.isError ? <ErrorState error={check.error} /> : null}
        {check.data ? (
          <Card
            data-testid="techcheck-result"
            title={t('techCheck.found', { count: check.data.technologies.length, url: check.data.finalUrl })}
            extra={
              <Typography.Text type="secondary">{new Date(check.data.checkedAt).toLocaleString(i18n.language)}</Typography.Text>
            }
          >
            <TechnologiesTable technologies={check.data.technologies} />
          </Card>
        ) : null}
      </Space>
    </Screen>
  );
}
