import { Alert, Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { newVersionAvailableAtom } from '../app/chunk-errors';

/** "A new version is available": shown after a ChunkLoadError, with a reload button. */
export function NewVersionNotice() {
  const { t } = useTranslation();
  const visible = useAtomValue(newVersionAvailableAtom);
  if (!visible) return null;
  return (
    <Alert
      banner
      type="info"
      title={t('shell:newVersion.title')}
      description={t('shell:newVersion.description')}
      action={
        <Button type="primary" size="small" onClick={() => window.location.reload()}>
          {t('shell:newVersion.reload')}
        </Button>
      }
    />
  );
}
