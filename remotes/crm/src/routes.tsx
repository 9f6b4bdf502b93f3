import type { RouteObject } from 'react-router-dom';
import { AreaPlaceholder, type RemoteModule } from '@leadforge/federation';
import { NAMESPACE, loadLocale } from './i18n';

/** No issue delivers this area's screens yet; every route shows its honest frame until one does. */
const AREA_ISSUE: number | undefined = undefined;

function page(key: string, options: { back?: boolean } = {}) {
  return (
    <AreaPlaceholder
      namespace={NAMESPACE}
      titleKey={`pages.${key}.title`}
      comingKey={`pages.${key}.coming`}
      issue={AREA_ISSUE}
      back={options.back ?? false}
    />
  );
}

/** The CRM area's routes. */
export const routes: RouteObject[] = [
  {
    path: '/crm',
    children: [
      { index: true, element: page('deals') },
      { path: 'deals/:dealId', element: page('deal') },
      { path: 'funnels', element: page('funnels') },
    ],
  },
];

const remoteModule: RemoteModule = { routes, namespace: NAMESPACE, loadLocale };
export default remoteModule;
