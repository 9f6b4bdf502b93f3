import { useQuery } from '@tanstack/react-query';
import { linkedinAccountsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { campaignsKeys } from '../../../query-keys';

/** GET /linkedin-accounts/team: the team's slots and who uses each (asked only inside a team). */
export const listTeamLinkedinAccountsQueryOptions = () =>
  routeQueryOptions(linkedinAccountsRoutes.teamLinkedinAccounts, {}, campaignsKeys.linkedinTeamAccounts());

export const useListTeamLinkedinAccounts = (enabled: boolean) => useQuery({ ...listTeamLinkedinAccountsQueryOptions(), enabled });
