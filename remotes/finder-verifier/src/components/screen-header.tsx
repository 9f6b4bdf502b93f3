import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';

export type ScreenHeaderProps = {
  /** The key under `pages.` of this remote's namespace: its `title` and its one-line description. */
  pageKey: string;
  extra?: ReactNode;
};

/** The page title (also the tab title) and the sentence saying what the screen does. */
export function ScreenHeader({ pageKey, extra }: ScreenHeaderProps) {
  const { t } = useTranslation(NAMESPACE);
  return <PageHeader title={t(`pages.${pageKey}.title`)} subtitle={t(`pages.${pageKey}.coming`)} extra={extra} />;
}
