import { useMutation } from '@tanstack/react-query';
import { emailAccountsRoutes } from '@leadforge/contracts';
import { routeMutation } from '@leadforge/api-client';

/** POST /email-account/test-connection: tries both servers step by step; nothing is saved, nothing to refresh. */
export const testConnectionMutation = routeMutation(emailAccountsRoutes.testEmailAccountConnection);

export const useTestConnection = () => useMutation(testConnectionMutation);
