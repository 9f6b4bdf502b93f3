import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { useApiErrorModal, useTableParams, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useCompleteOAuth } from '../api/complete-oauth';
import { clearOAuthReturn, readOAuthReturn } from '../utils/oauth-return';

/**
 * Finishes a mailbox OAuth that came back to the list (through the host's redirect handler):
 * hands the code to the API once, says how it went, and takes the provider's query off the
 * address so a reload or a shared link never replays it.
 */
export function useOAuthReturn() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [params, update] = useTableParams();
  const complete = useCompleteOAuth();
  // A code is good once: StrictMode's second effect run, or any render before the address is
  // cleared, must not send it again (the effect runs on every render until then).
  const handled = useRef<string | null>(null);
  const returned = readOAuthReturn(params);
  const signature = returned ? (returned.kind === 'code' ? `code:${returned.code}` : `error:${JSON.stringify(returned.reason)}`) : null;

  useEffect(() => {
    if (!returned || handled.current === signature) return;
    handled.current = signature;
    const patch = clearOAuthReturn(params);
    if (returned.kind === 'error') {
      const { reason } = returned;
      toast.error(
        t('emailAccounts.oauth.failed'),
        { description: 'key' in reason ? t(`errors:${reason.key}.description`) : t('emailAccounts.oauth.providerRefused', { reason: reason.providerError }) },
      );
      update(patch);
      return;
    }
    complete.mutate(
      { body: { provider: returned.provider, code: returned.code, state: returned.state } },
      {
        onSuccess: ({ account, created }) => {
          const title = t(created ? 'emailAccounts.oauth.connected' : 'emailAccounts.oauth.reconnected', { email: account.email });
          if (account.provider === 'sandbox') toast.warning(title, { description: t('emailAccounts.provider.sandboxHint') });
          else toast.success(title);
        },
        onError: (error) => {
          if (isApiError(error) && error.errors.length > 0) toast.error(t('emailAccounts.oauth.failed'), { description: t(`errors:${error.key}.description`) });
          else showError(error);
        },
        onSettled: () => update(patch),
      },
    );
  }, [signature, returned, params, complete, t, toast, showError, update]);

  return { completing: complete.isPending };
}
