/**
 * The unibox area (document 1 §3 "Unibox", document 2 §7.6): the shared inbox over the mail the
 * IMAP sync stores (`mail_inbound`) — mailboxes and their unibox settings, folders, threads,
 * messages, and read/star/trash marks. Its tables are db/schema/unibox.ts. LinkedIn conversations
 * and writing marks back to the IMAP server are later steps (`mirror_pending` records what waits).
 */
import { uniboxRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import * as schema from '../../db/schema/unibox';
import { uniboxHandlers } from './routes';
import { UniboxService } from './service';

declare module '../../services' {
  interface Services {
    unibox: UniboxService;
  }
}

export const uniboxArea = defineArea({
  name: 'unibox',
  routes: uniboxRoutes,
  services: (deps) => ({ unibox: new UniboxService({ db: deps.db }) }),
  handlers: uniboxHandlers,
  schema,
});
