import { useMutation } from '@tanstack/react-query';
import { domainHealthRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** POST /api/domain-health/check: checks one of the caller's domains now and answers the result. */
export const checkDomainHealthMutation = routeMutation(domainHealthRoutes.checkDomainHealth, {
  invalidates: () => [warmupKeys.domainHealth()],
});

export const useCheckDomainHealth = () => useMutation(checkDomainHealthMutation);
