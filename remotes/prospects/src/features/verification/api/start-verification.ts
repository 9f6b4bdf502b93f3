import { useMutation } from '@tanstack/react-query';
import { verificationRouteDeclarations } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { prospectsKeys } from '../../../query-keys';

export class NotEnoughBalanceError extends Error {
  constructor(readonly needed: number, readonly balance: number) {
    super('not enough balance');
  }
}

/**
 * Before verifying prospects' emails: how many credits it takes (/calculate-emails-for-verify) and
 * whether the balance covers it (/user-balance/check-balance {minBalance}). The statuses are then
 * followed with updateCheckEmails, re-polled every 10 s while unresolved.
 */
export async function prepareVerification(emails: string[]) {
  const cost = await callApi(verificationRouteDeclarations.calculateEmailsForVerify, { body: { emails } });
  const balance = await callApi(verificationRouteDeclarations.checkBalance, { body: { minBalance: cost.toVerify } });
  if (!balance.enough) throw new NotEnoughBalanceError(cost.toVerify, balance.balance);
  return cost;
}

export const useStartVerification = () =>
  useMutation({
    mutationKey: [...prospectsKeys.all, 'verification', 'start'],
    mutationFn: (emails: string[]) => prepareVerification(emails),
  });
