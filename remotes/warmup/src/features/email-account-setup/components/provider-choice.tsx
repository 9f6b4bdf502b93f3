import { Alert, Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAIL_OAUTH_PROVIDERS, MAIL_PROVIDER_PRESETS, type MailOAuthAvailability, type MailOAuthProviderName } from '@leadforge/contracts';
import { ErrorState, LoadingState, SandboxTag } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import type { ServerChoice } from '../utils/connection-form';

const PROVIDER_NAMES: Record<MailOAuthProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };

export type ProviderChoiceProps = {
  /** What each OAuth provider uses on this server; undefined while it loads. */
  oauth: Record<MailOAuthProviderName, MailOAuthAvailability> | undefined;
  oauthError: unknown;
  onRetryOAuth: () => void;
  onOAuth: (provider: MailOAuthProviderName) => void;
  onChoose: (choice: ServerChoice) => void;
};

/** Step 1: sign in with Google or Microsoft, or pick the provider whose SMTP and IMAP servers to use. */
export function ProviderChoice({ oauth, oauthError, onRetryOAuth, onOAuth, onChoose }: ProviderChoiceProps) {
  const { t } = useTranslation(NAMESPACE);
  const sandboxed = oauth ? MAIL_OAUTH_PROVIDERS.some((provider) => oauth[provider] === 'sandbox') : false;
  return (
    <Flex vertical gap={16}>
      <Card title={t('setup.oauth.title')} size="small">
        {oauthError ? (
          <ErrorState error={oauthError} onRetry={onRetryOAuth} />
        ) : !oauth ? (
          <LoadingState />
        ) : (
          <Flex vertical gap={12}>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('setup.oauth.description')}
            </Typography.Paragraph>
            {sandboxed ? <Alert type="warning" showIcon data-testid="oauth-sandbox" title={t('setup.oauth.sandbox')} description={t('setup.oauth.sandboxHint')} /> : null}
            <Flex gap={8} wrap>
              {MAIL_OAUTH_PROVIDERS.map((provider) => (
                <Flex key={provider} vertical gap={4} align="flex-start">
                  <Button size="large" disabled={oauth[provider] === 'off'} onClick={() => onOAuth(provider)} data-oauth={provider}>
                    {t('setup.oauth.connectWith', { provider: PROVIDER_NAMES[provider] })}
                    {oauth[provider] === 'sandbox' ? (
                      <SandboxTag style={{ marginInlineStart: 8 }}>
                        {t('setup.oauth.sandboxTag')}
                      </SandboxTag>
                    ) : null}
                  </Button>
                  {oauth[provider] === 'off' ? <Typography.Text type="secondary">{t('setup.oauth.off')}</Typography.Text> : null}
                </Flex>
              ))}
            </Flex>
          </Flex>
        )}
      </Card>
      <Card title={t('setup.password.title')} size="small">
        <Flex vertical gap={12}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('setup.password.description')}
          </Typography.Paragraph>
          <Flex gap={8} wrap role="group" aria-label={t('setup.password.title')}>
            {MAIL_PROVIDER_PRESETS.map((preset) => (
              <Button key={preset.id} onClick={() => onChoose(preset.id)}>
                {preset.name}
              </Button>
            ))}
            <Button type="dashed" onClick={() => onChoose('custom')}>
              {t('setup.password.custom')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
