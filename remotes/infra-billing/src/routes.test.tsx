import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen URL of the area and the page it must show; the suite also checks the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/account/billing', 'billing'],
    ['/pricing-plans', 'pricingPlans'],
    ['/pricing-plans/charging', 'charging'],
    ['/infrastructure', 'buyInfrastructure'],
    ['/infrastructure/orders', 'orders'],
  ],
  unknownPath: '/account/billing/no/such/screen',
});
