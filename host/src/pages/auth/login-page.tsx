import { useEffect, useState } from 'react';
import GoogleOutlined from '@ant-design/icons/es/icons/GoogleOutlined';
import { Alert, Button, Divider, Flex, Form, Input, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ERROR_KEYS, IDENTITY_LINK_PARAM, googleStart, identityLinkConfirm, login, type ErrorKey } from '@leadforge/contracts';
import { callApi, isApiError, routeUrl } from '@leadforge/api-client';
import { useApiErrorModal } from '@leadforge/ui';
import { signInOptionsQuery, useCompleteSignIn } from '../../app/sign-in';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { EmailField } from './email-field';

type LoginValues = { email: string; password: string };

/** Reasons the server sends back to this page in `?error=` (Google sign-in returns). */
const RETURN_ERRORS = new Set<ErrorKey>(['google_login_unavailable', 'identity_link_required', 'identity_link_invalid', 'rate_limited']);

const asReturnError = (value: string | null): ErrorKey | null =>
  value && (ERROR_KEYS as readonly string[]).includes(value) && RETURN_ERRORS.has(value as ErrorKey) ? (value as ErrorKey) : null;

/** m:ss (or h:mm:ss) — reads the same in every language. */
function formatWait(totalSeconds: number) {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Seconds left until `until` (epoch ms), ticking every second; null when there is no wait. */
function useCountdown(until: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return undefined;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? null : Math.max(0, Math.ceil((until - now) / 1000));
}

type RateLimitAlertProps = { until: number };

function RateLimitAlert({ until }: RateLimitAlertProps) {
  const { t } = useTranslation();
  const left = useCountdown(until) ?? 0;
  return (
    <Alert
      type={left > 0 ? 'error' : 'info'}
      showIcon
      role="alert"
      title={left > 0 ? t('auth:login.retryIn', { time: formatWait(left) }) : t('auth:login.retryNow')}
      style={{ marginBottom: 16 }}
    />
  );
}

type IdentityLinkAlertProps = { token: string };

/** The mailed identity link lands here: one explicit click attaches it (a link scanner's visit does not). */
function IdentityLinkAlert({ token }: IdentityLinkAlertProps) {
  const { t } = useTranslation();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => callApi(identityLinkConfirm, { body: { token } }),
    onSuccess: (userInfo) => completeSignIn(userInfo),
    onError: (error) => setFailure(isApiError(error) ? (error.errors[0]?.description ?? null) : t('errors:identity_link_invalid.description')),
  });
  if (failure) return <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />;
  return (
    <Alert
      type="info"
      showIcon
      title={t('auth:login.linkTitle')}
      description={
        <Flex vertical gap={8} align="start">
          <span>{t('auth:login.linkText')}</span>
          <Button type="primary" loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {t('auth:login.linkConfirm')}
          </Button>
        </Flex>
      }
      style={{ marginBottom: 16 }}
    />
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const showError = useApiErrorModal();
  const completeSignIn = useCompleteSignIn();
  const [searchParams] = useSearchParams();
  const returnError = asReturnError(searchParams.get('error'));
  const linkToken = searchParams.get(IDENTITY_LINK_PARAM);
  const returnRetryAfter = Number(searchParams.get('retryAfter'));
  const [failure, setFailure] = useState<string | null>(null);
  const [limitedUntil, setLimitedUntil] = useState<number | null>(() =>
    returnError === 'rate_limited' && returnRetryAfter > 0 ? Date.now() + returnRetryAfter * 1000 : null,
  );
  const options = useQuery(signInOptionsQuery);
  const google = options.data?.google ?? 'off';

  const mutation = useMutation({
    mutationFn: (values: LoginValues) => callApi(login, { body: values }),
    onSuccess: (userInfo) => completeSignIn(userInfo),
    onError: (error) => {
      // Wrong credentials and rate limits are expected answers: said beside the form.
      if (isApiError(error) && error.hasKey('rate_limited') && error.retryAfter) {
        setLimitedUntil(Date.now() + error.retryAfter * 1000);
        return;
      }
      if (isApiError(error) && (error.hasKey('invalid_credentials') || error.hasKey('rate_limited'))) {
        setFailure(error.errors[0]?.description ?? t('errors:invalid_credentials.description'));
        return;
      }
      showError(error);
    },
  });

  const handleFinish = async (values: LoginValues) => {
    setFailure(null);
    setLimitedUntil(null);
    await mutation.mutateAsync(values).catch(() => undefined);
    return true;
  };

  const returnMessage = returnError && returnError !== 'rate_limited' && !failure ? t(`errors:${returnError}.description`) : null;

  return (
    <AuthCard
      title={t('auth:login.title')}
      subtitle={t('auth:login.subtitle')}
      footer={
        <Flex justify="space-between" wrap gap={8}>
          <Link to="/forgot">{t('auth:login.forgot')}</Link>
          <span>
            {t('auth:login.noAccount')} <Link to="/register">{t('auth:login.toRegister')}</Link>
          </span>
        </Flex>
      }
    >
      {linkToken ? <IdentityLinkAlert token={linkToken} /> : null}
      {limitedUntil !== null ? <RateLimitAlert until={limitedUntil} /> : null}
      {failure ? <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} /> : null}
      {returnMessage ? <Alert type="warning" showIcon title={returnMessage} style={{ marginBottom: 16 }} /> : null}
      <AuthForm<LoginValues> onFinish={handleFinish} submitLabel={t('auth:login.submit')} loading={mutation.isPending}>
        <EmailField size="large" />
        <Form.Item
          name="password"
          label={t('auth:fields.password')}
          rules={[{ required: true, message: t('auth:validation.passwordRequired') }]}
        >
          <Input.Password autoComplete="current-password" size="large" />
        </Form.Item>
      </AuthForm>
      {google === 'off' ? null : (
        <>
          <Divider plain>{t('auth:login.or')}</Divider>
          {/* A full navigation: the API answers with the redirect to the provider. */}
          <Button block size="large" icon={<GoogleOutlined />} href={routeUrl(googleStart)}>
            {t('auth:login.withGoogle')}
          </Button>
          {google === 'sandbox' ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, textAlign: 'center' }}>
              {t('auth:login.sandboxNotice')}
            </Typography.Paragraph>
          ) : null}
        </>
      )}
    </AuthCard>
  );
}
