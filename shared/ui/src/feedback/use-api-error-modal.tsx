import { useCallback } from 'react';
import { App } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '@leadforge/api-client';
import { asTranslateFn } from './translate';

type ModalApi = ReturnType<typeof App.useApp>['modal'];

/** Opens the generic error modal of document 2 §8 for a failed call. */
export function showApiError(error: unknown, modal: ModalApi, t: TFunction) {
  const { title, text } = describeApiError(error, asTranslateFn(t));
  return modal.error({
    title,
    content: <span style={{ whiteSpace: 'pre-line' }}>{text}</span>,
    okText: t('common:actions.close'),
  });
}

/** `showApiError` bound to the nearest antd App and the current language. */
export function useApiErrorModal(): (error: unknown) => void {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback((error: unknown) => void showApiError(error, modal, t), [modal, t]);
}
