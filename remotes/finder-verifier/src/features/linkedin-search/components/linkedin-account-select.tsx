import { Alert, Button, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { LinkedinAccount } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useListLinkedinAccounts } from '../api/list-linkedin-accounts';
import { ProviderTag } from './sandbox-network';

/** Where LinkedIn accounts are connected (the campaigns area's page). */
export const LINKEDIN_ACCOUNTS_PAGE = '/account/linkedin-accounts';

/** The accounts a task can run on: connected and active. */
export function activeAccounts(accounts: readonly LinkedinAccount[]): LinkedinAccount[] {
  return accounts.filter((account) => account.state === 'active');
}

export function accountLabel(account: Pick<LinkedinAccount, 'name' | 'profileName'>): string {
  return account.profileName && account.profileName !== account.name ? `${account.name} · ${account.profileName}` : account.name || (account.profileName ?? '');
}

export type LinkedinAccountSelectProps = {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
};

/**
 * The caller's active LinkedIn accounts (own and assigned to them) to run a search or an import
 * on; with none, a way to connect one.
 */
export function LinkedinAccountSelect({ id, value, onChange }: LinkedinAccountSelectProps) {
  const { t } = useTranslation(NAMESPACE);
  const accounts = useListLinkedinAccounts();
  const usable = activeAccounts(accounts.data?.items ?? []);
  const none = accounts.isSuccess && usable.length === 0;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Select<number>
        id={id}
        value={value}
        onChange={onChange}
        loading={accounts.isPending}
        disabled={none}
        placeholder={t('linkedin.accountPlaceholder')}
        style={{ width: '100%', maxWidth: 420 }}
        notFoundContent={accounts.isError ? t('linkedin.accountsFailed') : t('linkedin.noAccounts')}
        options={usable.map((account) => ({
          value: account.id,
          label: (
            <Space size={4}>
              <span>{accountLabel(account)}</span>
              {account.provider === 'sandbox' ? <ProviderTag provider="sandbox" /> : null}
            </Space>
          ),
        }))}
      />
      {accounts.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('linkedin.accountsFailed')}
          action={
            <Button size="small" onClick={() => void accounts.refetch()}>
              {t('linkedin.retry')}
            </Button>
          }
        />
      ) : null}
      {none ? (
        <Alert
          type="info"
          showIcon
          data-testid="no-linkedin-account"
          title={t('linkedin.noAccounts')}
          description={t('linkedin.noAccountsHint')}
          action={<Link to={LINKEDIN_ACCOUNTS_PAGE}>{t('linkedin.connectAccount')}</Link>}
        />
      ) : null}
    </Space>
  );
}
