import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccessibleTables } from '../table/use-accessible-tables';
import { PageHeader } from './page-header';

export type AreaScreenProps = {
  /** The remote's i18n namespace: the header comes from its `pages.<pageKey>.title` and `.coming`. */
  namespace: string;
  pageKey: string;
  extra?: ReactNode;
  onBack?: () => void;
  children: ReactNode;
};

/** The frame of every built screen of an area: the header and the content, its tables made accessible. */
export function AreaScreen({ namespace, pageKey, extra, onBack, children }: AreaScreenProps) {
  const { t } = useTranslation(namespace);
  const root = useAccessibleTables<HTMLElement>(t('tableScrollRegion'));
  return (
    <section ref={root} data-area={namespace} data-screen={pageKey}>
      <PageHeader title={t(`pages.${pageKey}.title`)} subtitle={t(`pages.${pageKey}.coming`)} extra={extra} {...(onBack ? { onBack } : {})} />
      {children}
    </section>
  );
}
