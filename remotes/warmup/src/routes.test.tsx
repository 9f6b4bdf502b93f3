import { describeRemoteRoutes } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// The warm-up screens are still frames: each URL shows its frame, an unknown path goes back to the
// root, another locale renders, and the translations are complete. The email-account and domain
// health screens fetch and hold data: they are proven in Chromium (e2e/tests/warmup/).
describeRemoteRoutes(remoteModule, {
  screens: [
    ['/deliverability', 'warmUp'],
    ['/deliverability/warm-up', 'warmUp'],
    ['/deliverability/warm-up/12', 'warmUp'],
  ],
  unknownPath: '/deliverability/no/such/screen',
});
