import { emailAccountsRoutes, type MailOAuthProviderName } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';

/**
 * GET /email-account/oauth/:provider/start: a redirect route, so the typed client sends the
 * browser there; the provider (or the sandbox) brings it back through the host's redirect
 * handler to the list, which completes the connection.
 */
export const startOAuth = (provider: MailOAuthProviderName) => callApi(emailAccountsRoutes.emailAccountOAuthStart, { params: { provider } });
