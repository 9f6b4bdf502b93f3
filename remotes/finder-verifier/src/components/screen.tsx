import type { ReactNode } from 'react';
import { NAMESPACE } from '../i18n';
import { ScreenHeader } from './screen-header';

export type ScreenProps = {
  pageKey: string;
  extra?: ReactNode;
  children: ReactNode;
};

/** The frame of every screen of the area: header from `pages.<pageKey>` and the content below. */
export function Screen({ pageKey, extra, children }: ScreenProps) {
  return (
    <section data-area={NAMESPACE} data-screen={pageKey}>
      <ScreenHeader pageKey={pageKey} extra={extra} />
      {children}
    </section>
  );
}
