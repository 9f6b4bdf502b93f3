import { useTranslation } from 'react-i18next';
import { EmptyState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';

/** A history link whose id is no search of the caller's. */
export function NotASearch() {
  const { t } = useTranslation(NAMESPACE);
  return <EmptyState title={t('extensionHistory.notFound')} />;
}
