import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

/**
 * How an account is named on screen. A slot the lead made for a member's request has no name
 * until an account is connected to it: it is called an empty slot, so its row and its buttons'
 * labels ("Connect an account to …") still say something.
 */
export function useAccountName(): (account: { name: string }) => string {
  const { t } = useTranslation(NAMESPACE);
  return useCallback((account) => account.name.trim() || t('linkedinAccounts.emptySlot'), [t]);
}
