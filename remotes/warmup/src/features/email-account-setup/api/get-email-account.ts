import { useQuery } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** GET /email-account/:id: the mailbox being reconnected, whose servers prefill the form. */
export const getEmailAccountQueryOptions = (id: number) =>
  routeQueryOptions(emailAccountsRoutes.getEmailAccount, { params: { id } }, warmupKeys.emailAccount(id));

export const useGetEmailAccount = (id: number | null) => useQuery({ ...getEmailAccountQueryOptions(id ?? 0), enabled: id !== null });
