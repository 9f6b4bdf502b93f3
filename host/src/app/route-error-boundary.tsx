import { useEffect } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { ErrorState } from '@leadforge/ui';
import { signalChunkLoadError } from './chunk-errors';
import { isChunkLoadError, reportError } from './report-error';

/** What the router shows when a shell screen throws while rendering or loading its code. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);

  useEffect(() => {
    if (chunkFailed) signalChunkLoadError();
    else reportError(error, { where: 'route' });
  }, [chunkFailed, error]);

  const handleReload = () => window.location.reload();

  if (chunkFailed) {
    return (
      <Result
        status="info"
        title={t('shell:newVersion.title')}
        subTitle={t('shell:newVersion.description')}
        extra={
          <Button type="primary" onClick={handleReload}>
            {t('shell:newVersion.reload')}
          </Button>
        }
      />
    );
  }
  return (
    <ErrorState
      title={t('shell:crash.title')}
      description={t('shell:crash.description')}
      onRetry={handleReload}
      extra={<Button href="/home">{t('common:actions.goHome')}</Button>}
    />
  );
}
