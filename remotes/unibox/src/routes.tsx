import type { RouteObject } from 'react-router-dom';
import { createAreaPage, type RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';

/** No issue delivers this area's screens yet; every route shows its honest frame until one does. */
const AREA_ISSUE: number | undefined = undefined;

const page = createAreaPage({ namespace: NAMESPACE, issue: AREA_ISSUE });

/** The unibox area's routes. */
export const routes: RouteObject[] = [
  {
    path: '/unibox',
    children: [
      { index: true, element: page('unibox') },
      { path: ':conversationId', element: page('conversation') },
    ],
  },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
