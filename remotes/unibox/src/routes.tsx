import type { RouteObject } from 'react-router-dom';
import type { RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';
import { UniboxPage } from './pages/unibox-page';

/**
 * The unibox area's routes (issue 16): the inbox and one open conversation are the same screen,
 * so switching threads keeps the folders, the filters and the list's scroll where they were.
 */
export const routes: RouteObject[] = [
  // One route with an optional segment: one element, never remounted between list and thread.
  { path: '/unibox/:conversationId?', element: <UniboxPage /> },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
