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

const remoteModule: RemoteModule = { routes, namespace: NAMESPACE, loadLocale };
export default remoteModule;
