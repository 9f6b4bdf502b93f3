import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every placeholder screen URL of the area and the page it must show; the suite also checks the
// route marks (the public unsubscribe page) and the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/campaigns', 'campaignList'],
    ['/campaigns/create', 'createCampaign'],
    ['/campaigns/create/review', 'createCampaign'],
    ['/campaigns/templates', 'templates'],
    ['/campaigns/schedules', 'schedules'],
    ['/campaigns/dashboards', 'dashboards'],
    ['/campaigns/linkedin-accounts', 'socialAccounts'],
    ['/campaigns/15', 'campaign'],
    ['/campaigns/15/recipients', 'campaign'],
    // The built unsubscribe page (/email-unsubscribe/:v?) fetches: its panel has its own test.
  ],
  unknownPath: '/campaigns/no/such/screen',
  publicRoutes: true,
});
