import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen URL of the area and the page it must show; the suite also checks the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/url-emails', 'bulkDomainSearch'],
    ['/emails-from-names', 'bulkEmailSearch'],
    ['/bulk-email-verification', 'bulkVerification'],
    ['/domain-search', 'domainSearch'],
    ['/search/single-email', 'singleEmailSearch'],
    ['/verify/individual-emails', 'singleVerification'],
    ['/linkedin-search', 'socialSearch'],
    ['/techcheck', 'techCheck'],
    ['/finder-tools', 'finderTools'],
    ['/plugin/history-best-company/42', 'extensionBestCompanyHistory'],
    ['/plugin/history/42', 'extensionHistory'],
    ['/extensions', 'extensions'],
    ['/extensions/gmail-email-tracker', 'gmailTracker'],
    ['/clear-email', 'clearEmail'],
    ['/clear-email/someone%40example.com', 'clearEmail'],
    ['/uninstall/email-finder', 'uninstallEmailFinder'],
    ['/uninstall/linkedin-prospect-finder', 'uninstallSocialFinder'],
    ['/thanks-install-li-finder', 'thanksInstall'],
  ],
  unknownPath: '/url-emails/no/such/screen',
  publicRoutes: true,
});
