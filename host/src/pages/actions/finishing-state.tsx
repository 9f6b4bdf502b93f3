import { LoadingState } from '@leadforge/ui';
import { useTranslation } from 'react-i18next';

/** The short "finishing…" screen of redirect handlers and action routes. */
export function FinishingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return <LoadingState fullscreen label={label ?? t('shell:redirecting')} />;
}
