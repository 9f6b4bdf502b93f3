import { Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EmailVerificationDetail } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { VerificationStatusTag } from '../../../components/verification-status-tag';

const RISK_COLOR = { low: 'green', medium: 'orange', high: 'red' } as const;
const FLAGS = ['disposable', 'role', 'free', 'catchAll'] as const;

export type VerificationResultCardProps = {
  result: EmailVerificationDetail;
  /** Buttons under the result (add to list). */
  actions?: React.ReactNode;
};

/** What the engine found for one address: status, why, the server's answer, flags and risk. */
export function VerificationResultCard({ result, actions }: VerificationResultCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const smtp = result.smtpCode === null ? t('verify.none') : [result.smtpCode, result.enhancedCode].filter(Boolean).join(' ');
  const flags = FLAGS.filter((flag) => result.flags[flag]);
  return (
    <Card
      data-testid="verification-result"
      title={
        <Space>
          <Typography.Text strong>{result.email}</Typography.Text>
          <VerificationStatusTag status={result.status} />
        </Space>
      }
      actions={actions ? [actions] : undefined}
    >
      {result.status === 'greylist' || result.status === 'in_progress' ? (
        <Typography.Paragraph type="secondary">{t('verify.pendingNote')}</Typography.Paragraph>
      ) : null}
      {result.suggestion ? (
        <Typography.Paragraph>{t('verify.suggestion', { suggestion: result.suggestion })}</Typography.Paragraph>
      ) : null}
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('verify.reasons')}>
          {result.reasons.length === 0 ? t('verify.none') : result.reasons.map((reason) => <Tag key={reason}>{t(`reasons.${reason}`)}</Tag>)}
        </Descriptions.Item>
        <Descriptions.Item label={t('verify.smtpCode')}>{smtp}</Descriptions.Item>
        <Descriptions.Item label={t('verify.mxHost')}>{result.mxHost ?? t('verify.none')}</Descriptions.Item>
        <Descriptions.Item label={t('verify.flags')}>
          {flags.length === 0 ? t('verify.none') : flags.map((flag) => <Tag key={flag}>{t(`flags.${flag}`)}</Tag>)}
        </Descriptions.Item>
        <Descriptions.Item label={t('verify.risk')}>
          <Tag color={RISK_COLOR[result.risk]}>{t(`risk.${result.risk}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('verify.charged')}>{result.charged ? t('verify.chargedYes') : t('verify.chargedNo')}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
