import { Alert, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

export type CostSummaryProps = {
  total: number;
  duplicates: number;
  syntaxInvalid: number;
  alreadyVerified: number;
  toVerify: number;
  balance: number;
  enough: boolean;
};

/** What a bulk run will cost, shown before it starts: only new, well-formed, distinct addresses are charged. */
export function CostSummary({ total, duplicates, syntaxInvalid, alreadyVerified, toVerify, balance, enough }: CostSummaryProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div data-testid="cost-summary">
      <Descriptions size="small" column={{ xs: 1, md: 3 }} bordered>
        <Descriptions.Item label={t('bulk.cost.total')}>{total}</Descriptions.Item>
        <Descriptions.Item label={t('bulk.cost.duplicates')}>{duplicates}</Descriptions.Item>
        <Descriptions.Item label={t('bulk.cost.syntaxInvalid')}>{syntaxInvalid}</Descriptions.Item>
        <Descriptions.Item label={t('bulk.cost.alreadyVerified')}>{alreadyVerified}</Descriptions.Item>
        <Descriptions.Item label={t('bulk.cost.credits')}>
          <strong>{t('bulk.cost.creditsValue', { count: toVerify })}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('bulk.cost.balance')}>{balance}</Descriptions.Item>
      </Descriptions>
      {enough ? null : <Alert type="warning" showIcon style={{ marginTop: 8 }} title={t('bulk.cost.notEnough')} />}
    </div>
  );
}
