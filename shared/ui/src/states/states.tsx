import type { ReactNode } from 'react';
import { Button, Empty, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '@leadforge/api-client';
import { asTranslateFn } from '../feedback/translate';

export type LoadingStateProps = {
  /** What is loading, e.g. "Loading your lists…"; a generic text otherwise. */
  label?: ReactNode;
  /** Fills the whole viewport (start-up) instead of the content area. */
  fullscreen?: boolean;
};

export function LoadingState({ label, fullscreen = false }: LoadingStateProps) {
  const { t } = useTranslation();
  const text = label ?? t('common:states.loading');
  return (
    <Flex
      role="status"
      aria-live="polite"
      vertical
      align="center"
      justify="center"
      gap={12}
      style={{ minHeight: fullscreen ? '100vh' : 240, width: '100%' }}
    >
      <Spin size="large" />
      <span>{text}</span>
    </Flex>
  );
}

export type EmptyStateProps = {
  title?: ReactNode;
  description?: ReactNode;
  /** The one useful next step (e.g. a "Create list" button). */
  action?: ReactNode;
};

export function EmptyState({ title, description, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4} align="center">
          <strong>{title ?? t('common:states.emptyTitle')}</strong>
          {description ? <span>{description}</span> : null}
        </Flex>
      }
    >
      {action}
    </Empty>
  );
}

export type ErrorStateProps = {
  /** The failure; its server title/description are shown when it carries any (document 2 §8). */
  error?: unknown;
  title?: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
  /** Extra buttons beside "Try again" (e.g. "Back"). */
  extra?: ReactNode;
};

export function ErrorState({ error, title, description, onRetry, extra }: ErrorStateProps) {
  const { t } = useTranslation();
  const described = error === undefined ? null : describeApiError(error, asTranslateFn(t));
  return (
    <Result
      status="warning"
      role="alert"
      title={title ?? described?.title ?? t('common:states.errorTitle')}
      subTitle={description ?? described?.text ?? t('common:states.errorDescription')}
      extra={
        <Flex gap={8} justify="center" wrap>
          {onRetry ? (
            <Button type="primary" onClick={onRetry}>
              {t('common:actions.retry')}
            </Button>
          ) : null}
          {extra}
        </Flex>
      }
    />
  );
}
