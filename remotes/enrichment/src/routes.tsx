import type { RouteObject } from 'react-router-dom';
import { createAreaPage, type RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';

/** No issue delivers this area's screens yet; every route shows its honest frame until one does. */
const AREA_ISSUE: number | undefined = undefined;

const page = createAreaPage({ namespace: NAMESPACE, issue: AREA_ISSUE });

/** The enrichment area's routes (document 1 §2: children `tables` and `table/{tableId}`). */
export const routes: RouteObject[] = [
  {
    path: '/enrichment',
    children: [
      { index: true, element: page('enrichment') },
      { path: 'tables', element: page('tables') },
      { path: 'table/:tableId', element: page('table') },
    ],
  },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
