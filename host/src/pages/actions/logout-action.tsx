import { useEffect } from 'react';
import { disconnectRealtime, routeUrl } from '@leadforge/api-client';
import { logout } from '@leadforge/contracts';
import { useTranslation } from 'react-i18next';
import { FinishingState } from './finishing-state';

/** /logout: the API's GET /logout ends the session and redirects home; a full navigation. */
export function LogoutAction() {
  const { t } = useTranslation();
  useEffect(() => {
    disconnectRealtime();
    window.location.assign(routeUrl(logout));
  }, []);
  return <FinishingState label={t('shell:signingOut')} />;
}
