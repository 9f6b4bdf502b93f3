import { useQuery } from '@tanstack/react-query';
import { verificationRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /user-balance/check-balance: whether the balance covers the cost just calculated. */
export const checkBalanceQueryOptions = (minBalance: number) =>
  routeQueryOptions(verificationRoutes.checkBalance, { body: { minBalance } }, finderVerifierKeys.balance());

export const useCheckBalance = (minBalance: number | undefined) =>
  useQuery({ ...checkBalanceQueryOptions(minBalance ?? 0), enabled: minBalance !== undefined });
