import { useState } from 'react';
import type { Locale } from '@leadforge/contracts';
import { changeLocale, useLocale } from '@leadforge/i18n';
import { useApiErrorModal } from '@leadforge/ui';

/** The current interface language and a switch that also saves it on the server when signed in. */
export function useLocaleSwitch() {
  const locale = useLocale();
  const showError = useApiErrorModal();
  const [pending, setPending] = useState(false);
  const handleChange = (next: Locale) => {
    setPending(true);
    changeLocale(next)
      .catch((error: unknown) => showError(error))
      .finally(() => setPending(false));
  };
  return { locale, changeLocale: handleChange, pending };
}
