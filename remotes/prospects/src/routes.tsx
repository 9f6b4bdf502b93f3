import { Navigate, type RouteObject } from 'react-router-dom';
import { createAreaPage, type RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';

/** Issue #5 delivers this area's screens; until then every route shows its honest frame. */
const AREA_ISSUE: number | undefined = 5;

const page = createAreaPage({ namespace: NAMESPACE, issue: AREA_ISSUE });

/** The prospects area's routes (absolute: `/prospect` and `/prospects/…` are both its own). */
export const routes: RouteObject[] = [
  { path: '/prospect', element: page('prospect') },
  { path: '/prospects', element: <Navigate to="/prospects/all" replace /> },
  { path: '/prospects/all', element: page('allProspects') },
  { path: '/prospects/list/:id', element: page('prospectList') },
  { path: '/prospects/search', element: page('databaseSearch') },
  {
    path: '/prospects/companies',
    children: [
      { index: true, element: page('companies') },
      { path: 'search', element: page('companySearch') },
    ],
  },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
