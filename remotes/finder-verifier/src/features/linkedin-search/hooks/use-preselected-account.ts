import { useEffect } from 'react';
import type { FormInstance } from 'antd';
import { useListLinkedinAccounts } from '../api/list-linkedin-accounts';
import { activeAccounts } from '../components/linkedin-account-select';

/** The first active account is the usual choice: put into the form's `accountId` once the accounts arrive, unless one is chosen. */
export function usePreselectedAccount(form: Pick<FormInstance, 'getFieldValue' | 'setFieldValue'>): void {
  const first = activeAccounts(useListLinkedinAccounts().data?.items ?? [])[0]?.id;
  useEffect(() => {
    if (first !== undefined && form.getFieldValue('accountId') === undefined) form.setFieldValue('accountId', first);
  }, [first, form]);
}
