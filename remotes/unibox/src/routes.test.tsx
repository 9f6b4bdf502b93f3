import { describeRemoteTranslations, describeRouteMarks } from '@leadforge/federation/testing/remote-route-suite';
import remoteModule from './routes';

// The unibox screens fetch and hold data: their parts have their own tests beside them (thread
// list, conversation, message frame, member selector). Here: no route is public, and every key is
// in every locale, translated.
describeRouteMarks(remoteModule);
describeRemoteTranslations(remoteModule);
