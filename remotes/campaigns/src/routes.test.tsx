import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen URL of the area and the page it must show; the suite also checks the translations.
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
    ['/email-unsubscribe', 'unsubscribe'],
    ['/email-unsubscribe/abc123', 'unsubscribe'],
  ],
  unknownPath: '/campaigns/no/such/screen',
  publicRoutes: true,
});
