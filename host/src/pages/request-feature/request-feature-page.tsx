import { ProCard, ProForm, ProFormSelect, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { Button, Result } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { featureRequest, featureRequestSettings, type RouteBody } from '@leadforge/contracts';
import { callApi, routeQueryOptions } from '@leadforge/api-client';
import { ErrorState, LoadingState, PageHeader, useApiErrorModal } from '@leadforge/ui';
import { submitOnly } from '../../app/submitter';

type FeatureRequestValues = Omit<RouteBody<typeof featureRequest>, 'entryPoint'>;

const settingsQuery = routeQueryOptions(featureRequestSettings, {}, ['featureRequest', 'settings']);

/** /request-feature: GET /user/feature-request/settings, then POST /user/feature-request. */
export function RequestFeaturePage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const showError = useApiErrorModal();
  const settings = useQuery(settingsQuery);
  // Where the user came from (a link elsewhere may pass ?from=); the page itself otherwise.
  const entryPoint = (searchParams.get('from') ?? 'request-feature').slice(0, 200);
  const mutation = useMutation({
    mutationFn: (body: RouteBody<typeof featureRequest>) => callApi(featureRequest, { body }),
    onError: (error) => showError(error),
  });

  const handleFinish = async (values: FeatureRequestValues) => {
    await mutation.mutateAsync({ ...values, workaround: values.workaround ?? '', entryPoint }).catch(() => undefined);
    return true;
  };

  return (
    <>
      <PageHeader title={t('shell:requestFeature.title')} subtitle={t('shell:requestFeature.description')} />
      <ProCard>
        {settings.isPending ? <LoadingState /> : null}
        {settings.isError ? <ErrorState error={settings.error} onRetry={() => void settings.refetch()} /> : null}
        {settings.data && mutation.isSuccess ? (
          <Result
            status="success"
            title={t('shell:requestFeature.sent')}
            subTitle={t('shell:requestFeature.sentText')}
            extra={<Button onClick={() => mutation.reset()}>{t('shell:requestFeature.another')}</Button>}
          />
        ) : null}
        {settings.data && !mutation.isSuccess ? (
          <ProForm<FeatureRequestValues>
            autoFocusFirstInput={false}
            onFinish={handleFinish}
            submitter={submitOnly(t('shell:requestFeature.submit'), mutation.isPending, false)}
            style={{ maxWidth: 720 }}
          >
            <ProFormSelect
              name="tool"
              label={t('shell:requestFeature.tool')}
              options={settings.data.tools.map((tool) => ({ value: tool, label: t(`shell:requestFeature.tools.${tool}`) }))}
              rules={[{ required: true, message: t('shell:requestFeature.toolRequired') }]}
            />
            <ProFormText
              name="feature"
              label={t('shell:requestFeature.feature')}
              fieldProps={{ maxLength: 200, showCount: true }}
              rules={[{ required: true, whitespace: true, message: t('shell:requestFeature.featureRequired') }]}
            />
            <ProFormTextArea
              name="description"
              label={t('shell:requestFeature.details')}
              fieldProps={{ maxLength: settings.data.maxDescription, showCount: true, rows: 5 }}
              rules={[{ required: true, whitespace: true, message: t('shell:requestFeature.detailsRequired') }]}
            />
            <ProFormTextArea
              name="workaround"
              label={t('shell:requestFeature.workaround')}
              tooltip={t('shell:requestFeature.workaroundPlaceholder')}
              fieldProps={{ maxLength: 5000, rows: 3 }}
            />
          </ProForm>
        ) : null}
      </ProCard>
    </>
  );
}
