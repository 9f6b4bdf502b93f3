import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen URL of the area and the page it must show; the suite also checks the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/enrichment', 'enrichment'],
    ['/enrichment/tables', 'tables'],
    ['/enrichment/table/8', 'table'],
  ],
  unknownPath: '/enrichment/no/such/screen',
});
