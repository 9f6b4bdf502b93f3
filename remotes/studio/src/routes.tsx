import type { RouteObject } from 'react-router-dom';
import { createAreaPage, type RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';

/** No issue delivers this area's screens yet; every route shows its honest frame until one does. */
const AREA_ISSUE: number | undefined = undefined;

const page = createAreaPage({ namespace: NAMESPACE, issue: AREA_ISSUE });

/** The AI studio's routes; the create steps (start … completed) share one route with a step param. */
export const routes: RouteObject[] = [
  {
    path: '/studio',
    children: [
      { index: true, element: page('studio') },
      { path: 'create/:step?', element: page('createGeneration') },
      { path: 'products', element: page('products') },
      { path: 'icps', element: page('icps') },
    ],
  },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
