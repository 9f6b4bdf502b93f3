import type { RouteObject } from 'react-router-dom';
import { createAreaPage, type RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';

/** No issue delivers this area's screens yet; every route shows its honest frame until one does. */
const AREA_ISSUE: number | undefined = undefined;

const page = createAreaPage({ namespace: NAMESPACE, issue: AREA_ISSUE });

/** Billing, pricing plans and the domains/mailboxes purchase (`/infrastructure/*`). */
export const routes: RouteObject[] = [
  { path: '/account/billing', element: page('billing') },
  { path: '/pricing-plans', element: page('pricingPlans', { back: true }) },
  { path: '/pricing-plans/charging', element: page('charging') },
  {
    path: '/infrastructure',
    children: [
      { index: true, element: page('buyInfrastructure') },
      { path: 'orders', element: page('orders') },
    ],
  },
];

export default { routes, namespace: NAMESPACE, loadLocale } satisfies RemoteModule;
