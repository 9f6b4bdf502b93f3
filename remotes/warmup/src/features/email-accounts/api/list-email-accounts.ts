import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAILBOX_DEFAULTS, emailAccountsRoutes, type EmailAccountStatus } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

export type EmailAccountListFilter = {
  page: number;
  /** Part of the address or the sender name. */
  search: string | null;
  status: EmailAccountStatus | undefined;
};

/** GET /email-account/list: one page of the caller's mailboxes, searched and filtered by the server. */
export const listEmailAccountsQueryOptions = ({ page, search, status }: EmailAccountListFilter) =>
  routeQueryOptions(
    emailAccountsRoutes.listEmailAccounts,
    { query: { page, perPage: MAILBOX_DEFAULTS.listPerPage, ...(search ? { search } : {}), ...(status ? { status } : {}) } },
    warmupKeys.emailAccountList(),
  );

/** Another page or filter keeps the rows on screen until its answer arrives. */
export const useListEmailAccounts = (filter: EmailAccountListFilter) =>
  useQuery({ ...listEmailAccountsQueryOptions(filter), placeholderData: keepPreviousData });
