import { useCallback } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WarmupBulkResponse } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

/**
 * The mailboxes a bulk start or pause could not change, each with the catalogue's reason (no
 * IMAP, the plan's limit…), in the same modal as any other refusal of the API.
 */
export function useBulkRefusals(): (failed: WarmupBulkResponse['failed'], emailOf: (id: number) => string) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation(NAMESPACE);
  return useCallback(
    (failed, emailOf) => {
      void modal.warning({
        title: t('warmUp.bulk.refusedTitle', { count: failed.length }),
        content: (
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {failed.map((item) => (
              <li key={item.emailAccountId}>
                {t('warmUp.bulk.refusedItem', { email: emailOf(item.emailAccountId), reason: t(`errors:${item.key}.description`) })}
              </li>
            ))}
          </ul>
        ),
        okText: t('common:actions.close'),
      });
    },
    [modal, t],
  );
}
