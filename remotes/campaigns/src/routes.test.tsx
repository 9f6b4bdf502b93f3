import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every placeholder screen URL of the area and the page it must show; the suite also checks the
// route marks (the public unsubscribe page) and the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/campaigns', 'campaignList'],
    ['/campaigns/create', 'createCampaign'],
    ['/campaigns/create/review', 'createCampaign'],
    // The campaign page (/campaigns/:campaignId/:section?) and the dashboards (/campaigns/dashboards)
    // fetch: their parts have their own tests and the screens their journey in e2e/tests/campaigns.
    // The built unsubscribe page (/email-unsubscribe/:v?) fetches: its panel has its own test. The
    // LinkedIn accounts page (/account/linkedin-accounts, where /campaigns/linkedin-accounts leads)
    // fetches too: its parts have their own tests and the whole screen its journey in e2e/tests/linkedin.
  ],
  unknownPath: '/campaigns/no/such/screen',
  publicRoutes: true,
});
