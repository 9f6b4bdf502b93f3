import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen URL of the area and the page it must show; the suite also checks the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/studio', 'studio'],
    ['/studio/create', 'createGeneration'],
    ['/studio/create/usp', 'createGeneration'],
    ['/studio/products', 'products'],
    ['/studio/icps', 'icps'],
  ],
  unknownPath: '/studio/no/such/screen',
});
