import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen URL of the area and the page it must show; the suite also checks the translations.
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/prospect?sourceId=7', 'prospect'],
    ['/prospects', 'allProspects'],
    ['/prospects/all', 'allProspects'],
    ['/prospects/list/3', 'prospectList'],
    ['/prospects/search', 'databaseSearch'],
    ['/prospects/companies', 'companies'],
    ['/prospects/companies/search', 'companySearch'],
  ],
  unknownPath: '/prospect/no/such/screen',
});
