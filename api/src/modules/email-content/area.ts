/**
 * The email-content area (document 2 §7.6 "email-content GET and save (multipart)"): a campaign
 * email block's variants with their attachments, the attachment uploads, downloads and removal.
 * Its table is campaign_attachments (db/schema/campaigns.ts, declared by the campaigns area); the
 * campaigns area applies its flowchart and copy rules, the executor and the test email hand the
 * attachments to the mail engine.
 */
import { emailContentRoutes } from '@leadforge/contracts';
import { defineArea } from '../../area';
import { emailContentHandlers } from './routes';
import { EmailContentService } from './service';

declare module '../../services' {
  interface Services {
    emailContent: EmailContentService;
  }
}

export const emailContentArea = defineArea({
  name: 'email-content',
  routes: emailContentRoutes,
  // After campaigns: who may change a campaign is its rule.
  services: (deps, built) => ({
    emailContent: new EmailContentService({ db: deps.db, canEdit: (caller, ownerId) => built.campaigns.canEdit(caller, ownerId) }),
  }),
  handlers: (services) => emailContentHandlers(services),
});
