import { useQuery } from '@tanstack/react-query';
import { domainHealthRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** GET /api/domain-health: the domains of the caller's mailboxes, each with its last checks. */
export const listDomainHealthQueryOptions = () => routeQueryOptions(domainHealthRoutes.listDomainHealth, {}, warmupKeys.domainHealthList());

export const useListDomainHealth = () => useQuery(listDomainHealthQueryOptions());
