import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen URL of the area and the page it must show; the suite also checks the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/crm', 'deals'],
    ['/crm/deals/4', 'deal'],
    ['/crm/funnels', 'funnels'],
  ],
  unknownPath: '/crm/no/such/screen',
});
