import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** PUT /email-account/:id/teamwork: offers the mailbox to the team's campaigns, or takes it back. */
export const setEmailAccountTeamworkMutation = routeMutation(emailAccountsRoutes.setEmailAccountTeamwork, {
  invalidates: () => [warmupKeys.emailAccounts()],
});

export const useSetEmailAccountTeamwork = () => useMutation(setEmailAccountTeamworkMutation);
