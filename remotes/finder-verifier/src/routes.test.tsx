import { describeRemoteTranslations, describeRouteMarks } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// Every screen of the area fetches and holds tables: that each URL shows its screen, an unknown
// path goes back to the root and another locale renders is proven in Chromium
// (e2e/tests/finder-verifier/every-screen.spec.ts). Here only what needs no render.
describeRouteMarks(remoteModule, { publicRoutes: true });
describeRemoteTranslations(remoteModule);
