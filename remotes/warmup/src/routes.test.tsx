import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// The warm-up screens are still frames: each URL shows its frame, an unknown path goes back to the
// root, another locale renders, and the translations are complete. The email-account screens
// fetch and hold tables: they are proven in Chromium (e2e/tests/warmup/email-accounts.spec.ts).
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/deliverability', 'warmUp'],
    ['/deliverability/warm-up', 'warmUp'],
    ['/deliverability/warm-up/12', 'warmUp'],
    ['/deliverability/domain-health', 'domainHealth'],
  ],
  unknownPath: '/deliverability/no/such/screen',
});
