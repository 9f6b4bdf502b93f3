import { mountStandalone } from '@leadforge/federation';
import remoteModule from './routes';

// `pnpm dev` in this folder: the area alone, inside the host's providers, against the API proxy.
mountStandalone('finder_verifier', remoteModule);
