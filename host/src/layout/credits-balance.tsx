import { useEffect } from 'react';
import WalletOutlined from '@ant-design/icons/es/icons/WalletOutlined';
import { Tooltip } from 'antd';
import { useQuery, useQueryClient, type MutationCacheNotifyEvent, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isNotAvailableYet, routeQueryOptions, usePushEvent } from '@leadforge/api-client';
import { verificationRoutes } from '@leadforge/contracts';

/**
 * The verification credits ledger's balance (POST /user-balance/check-balance, the figure the
 * bulk forms show). Its key sits under `['verification', 'balance']`, so the finder-verifier
 * area's own invalidations of that scope refresh the header too.
 */
export const creditsBalanceQueryKey = ['verification', 'balance'] as const;
export const creditsBalanceQueryOptions = routeQueryOptions(verificationRoutes.checkBalance, { body: { minBalance: 0 } }, creditsBalanceQueryKey);

/** Verification and finder calls take or refund credits, whichever area's screen made them. */
export function movesCredits(mutationKey: QueryKey | undefined): boolean {
  const [first] = mutationKey ?? [];
  return typeof first === 'string' && /^(verification|finder)(\.|$)/.test(first);
}

function settledCreditMutation(event: MutationCacheNotifyEvent): boolean {
  if (event.type !== 'updated') return false;
  if (event.action.type !== 'success' && event.action.type !== 'error') return false;
  return movesCredits(event.mutation.options.mutationKey);
}

/** Keeps the balance current: after a credit-moving call settles and on the pushes that say it moved. */
function useLiveBalance(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (settledCreditMutation(event)) void queryClient.invalidateQueries({ queryKey: creditsBalanceQueryKey });
      }),
    [queryClient],
  );
  usePushEvent('account.changed', (event) => {
    if (event.payload.what === 'balance') void queryClient.invalidateQueries({ queryKey: creditsBalanceQueryKey });
  });
  // A bulk job that ends refunds what it could not judge.
  usePushEvent('job.progress', (event) => {
    if (event.payload.state !== 'queued' && event.payload.state !== 'active') {
      void queryClient.invalidateQueries({ queryKey: creditsBalanceQueryKey });
    }
  });
}

/** The header's credit balance; a link to the rewards page, where credits are earned. */
export function CreditsBalance() {
  const { t } = useTranslation();
  useLiveBalance();
  const balance = useQuery(creditsBalanceQueryOptions);
  // No figure is better than a wrong one: nothing shows until the ledger answered.
  if (balance.data === undefined || isNotAvailableYet(balance.error)) return null;
  const label = `${t('shell:header.balance')}: ${t('common:credits', { count: balance.data.balance })}`;
  return (
    <Tooltip title={label}>
      <Link
        to="/rewards"
        aria-label={label}
        data-testid="header-balance"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap', lineHeight: 1 }}
      >
        <WalletOutlined aria-hidden />
        <span>{balance.data.balance}</span>
      </Link>
    </Tooltip>
  );
}
