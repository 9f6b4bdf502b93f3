import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen URL of the area and the page it must show; the suite also checks the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/deliverability', 'warmUp'],
    ['/deliverability/warm-up', 'warmUp'],
    ['/deliverability/warm-up/12', 'warmUp'],
    ['/deliverability/domain-health', 'domainHealth'],
    ['/account/email-accounts', 'emailAccounts'],
    ['/account/email-accounts/setup', 'emailAccountSetup'],
  ],
  unknownPath: '/deliverability/no/such/screen',
});
