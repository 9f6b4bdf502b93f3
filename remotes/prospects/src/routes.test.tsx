import { describeRemoteTranslations, describeRouteMarks } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen of the area fetches and holds tables: that each URL shows its screen, /prospects
// leads to All contacts, an unknown path goes back to the root and another locale renders is
// proven in Chromium (e2e/tests/prospects/every-screen.spec.ts). Here only what needs no render.
describeRouteMarks(remoteModule);
describeRemoteTranslations(remoteModule);
