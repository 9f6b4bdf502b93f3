import { useQuery } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeQueryOptions } from '@leadforge/api-client';
import { warmupKeys } from '../../../query-keys';

/** GET /email-account/oauth/providers: whether Google and Microsoft connect here, for real or through the sandbox. */
export const getOAuthOptionsQueryOptions = () =>
  routeQueryOptions(emailAccountsRoutes.emailAccountOAuthOptions, {}, warmupKeys.oauthOptions());

export const useGetOAuthOptions = () => useQuery(getOAuthOptionsQueryOptions());
