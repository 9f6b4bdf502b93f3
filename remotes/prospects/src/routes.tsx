import { Navigate, type RouteObject } from 'react-router-dom';
import type { RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';
import { CompaniesPage } from './pages/companies-page';
import { CompanySearchPage } from './pages/company-search-page';
import { ProspectPage } from './pages/prospect-page';
import { ProspectsPage } from './pages/prospects-page';
import { SearchPage } from './pages/search-page';

/** The prospects area's routes (absolute: `/prospect` and `/prospects/…` are both its own). */
export const routes: RouteObject[] = [
  { path: '/prospect', element: <ProspectPage /> },
  { path: '/prospects', element: <Navigate to="/prospects/all" replace /> },
  { path: '/prospects/all', element: <ProspectsPage /> },
  { path: '/prospects/list/:id', element: <ProspectsPage /> },
  { path: '/prospects/search', element: <SearchPage /> },
  {
    path: '/prospects/companies',
    children: [
      { index: true, element: <CompaniesPage /> },
      { path: 'search', element: <CompanySearchPage /> },
    ],
  },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
