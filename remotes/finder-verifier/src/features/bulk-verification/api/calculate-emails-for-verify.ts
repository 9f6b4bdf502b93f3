import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationRoutes } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { finderVerifierKeys } from '../../../query-keys';

/** POST /calculate-emails-for-verify: what a run of these addresses would cost. */
export const calculateEmailsForVerify = (emails: string[], signal?: AbortSignal) =>
  callApi(verificationRoutes.calculateEmailsForVerify, { body: { emails } }, { signal });

/** Keyed by the paste's version, not its addresses: a new paste is a new question even when equal. */
export const calculateEmailsForVerifyQueryOptions = (emails: string[], version: number) =>
  queryOptions({
    queryKey: finderVerifierKeys.verificationCost(version),
    queryFn: ({ signal }) => calculateEmailsForVerify(emails, signal),
    staleTime: Infinity,
  });

export const useCalculateEmailsForVerify = (emails: string[], version: number) =>
  useQuery({ ...calculateEmailsForVerifyQueryOptions(emails, version), enabled: emails.length > 0 });
