import { Alert, Card, Flex, Typography } from 'antd';
import CheckCircleFilled from '@ant-design/icons/es/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import MinusCircleOutlined from '@ant-design/icons/es/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';
import { MAIL_SERVER_KINDS, type ConnectionTestResult, type MailSecurity, type MailServerKind } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { stepsOf } from '../utils/connection-form';

export type ConnectionTestResultViewProps = {
  result: ConnectionTestResult;
  /** Each server's security as tested: it decides whether a TLS step belongs to its run. */
  security: Record<MailServerKind, MailSecurity>;
};

/**
 * Each server's steps in the order they ran: passed, failed (with the reason in the user's
 * language and the server's own words) or not tried because an earlier one failed. The first
 * failing step is named on top.
 */
export function ConnectionTestResultView({ result, security }: ConnectionTestResultViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const failed = result.failed;
  return (
    <Flex vertical gap={12} data-testid="connection-test" role="status" aria-live="polite">
      {failed ? (
        <Alert
          type="error"
          showIcon
          data-testid="connection-failed"
          title={t('setup.test.failedAt', { server: t(`setup.servers.${failed.server}`), step: t(`setup.steps.${failed.step}`) })}
          description={failed.errorKey ? t(`errors:${failed.errorKey}.description`) : undefined}
        />
      ) : (
        <Alert type="success" showIcon data-testid="connection-ok" title={t('setup.test.ok')} />
      )}
      <Flex gap={12} wrap>
        {MAIL_SERVER_KINDS.map((server) => (
          <Card key={server} size="small" title={t(`setup.servers.${server}`)} style={{ flex: 1, minWidth: 260 }}>
            <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
              {stepsOf(server, security[server]).map((step) => {
                const ran = result.steps.find((item) => item.server === server && item.step === step);
                const state = !ran ? 'skipped' : ran.ok ? 'passed' : 'failed';
                return (
                  <li key={step} data-step={`${server}:${step}`} data-state={state}>
                    <Flex gap={8} align="flex-start">
                      {state === 'passed' ? (
                        <CheckCircleFilled style={{ color: '#52c41a', marginTop: 4 }} aria-hidden />
                      ) : state === 'failed' ? (
                        <CloseCircleFilled style={{ color: '#ff4d4f', marginTop: 4 }} aria-hidden />
                      ) : (
                        <MinusCircleOutlined style={{ color: '#8c8c8c', marginTop: 4 }} aria-hidden />
                      )}
                      <Flex vertical>
                        <Typography.Text>
                          {t(`setup.steps.${step}`)}: {t(`setup.test.state.${state}`)}
                        </Typography.Text>
                        {ran && !ran.ok && ran.errorKey ? <Typography.Text type="danger">{t(`errors:${ran.errorKey}.title`)}</Typography.Text> : null}
                        {ran && !ran.ok && ran.detail ? (
                          <Typography.Text type="secondary" code style={{ wordBreak: 'break-word' }}>
                            {ran.detail}
                          </Typography.Text>
                        ) : null}
                      </Flex>
                    </Flex>
                  </li>
                );
              })}
            </ol>
          </Card>
        ))}
      </Flex>
    </Flex>
  );
}
