import { Button, Card, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useConfirmUnsubscribe } from '../api/confirm-unsubscribe';
import { useGetUnsubscribeInfo } from '../api/get-unsubscribe-info';

/**
 * The link itself is broken, as opposed to a failure worth retrying: no such token (not_found), a
 * token the router cannot take at all (route_not_found: longer than a path segment may be, or
 * bytes that do not decode — a link a mail client cut or mangled), or one the contract refuses
 * (400: the token is this call's only input).
 */
const isBrokenLink = (error: unknown) =>
  isApiError(error) && (error.status === 400 || error.errors.some((item) => item.key === 'not_found' || item.key === 'route_not_found'));

export type UnsubscribePanelProps = {
  /** The token of the link in the email (`/email-unsubscribe/<token>`). */
  token: string;
};

/**
 * What the recipient's unsubscribe link does: on opening, it says which address stops receiving
 * mail from which sender; the button does it. A mail provider's one-click unsubscribe (RFC 8058)
 * posts to the same address without this page.
 */
export function UnsubscribePanel({ token }: UnsubscribePanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const info = useGetUnsubscribeInfo(token);
  const confirm = useConfirmUnsubscribe();

  const handleUnsubscribe = () => confirm.mutate({ params: { token }, body: {} });

  if (info.isPending) return <LoadingState label={t('unsubscribe.loading')} />;
  if (info.isError) {
    if (isBrokenLink(info.error)) return <Result status="warning" title={t('unsubscribe.invalidTitle')} subTitle={t('unsubscribe.invalidText')} />;
    return <ErrorState error={info.error} onRetry={() => void info.refetch()} />;
  }
  const { email, senderName } = info.data;
  if (confirm.isSuccess || info.data.unsubscribed) {
    return <Result status="success" title={t('unsubscribe.doneTitle')} subTitle={t('unsubscribe.doneText', { email, sender: senderName })} />;
  }
  return (
    <Card>
      <Space orientation="vertical" size="middle">
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('unsubscribe.question', { email, sender: senderName })}</Typography.Paragraph>
        {confirm.isError ? <ErrorState error={confirm.error} /> : null}
        <Button type="primary" loading={confirm.isPending} onClick={handleUnsubscribe}>
          {t('unsubscribe.confirm')}
        </Button>
      </Space>
    </Card>
  );
}

/** The page opened without the token of a link (typed by hand, or the link was cut). */
export function UnsubscribeWithoutLink() {
  const { t } = useTranslation(NAMESPACE);
  return <EmptyState title={t('unsubscribe.noLinkTitle')} description={t('unsubscribe.noLinkText')} />;
}
