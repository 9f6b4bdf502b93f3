/**
 * Every area of the API, in build order (an area's services may use those listed before it).
 * A new area is one line here; `pnpm generate area` writes its module and adds the line.
 */
import type { AreaModule } from './area';
import { campaignExecutorArea } from './modules/campaign-executor/area';
import { campaignLibraryArea } from './modules/campaign-library/area';
import { campaignsArea } from './modules/campaigns/area';
import { campaignRecipientsArea } from './modules/campaign-recipients/area';
import { campaignStatisticsArea } from './modules/campaign-statistics/area';
import { domainHealthArea } from './modules/domain-health/area';
import { emailAccountsArea } from './modules/email-accounts/area';
import { emailContentArea } from './modules/email-content/area';
import { finderArea } from './modules/finder/area';
import { linkedinAccountsArea } from './modules/linkedin-accounts/area';
import { mailEngineArea } from './modules/mail-engine/area';
import { prospectsArea } from './modules/prospects/area';
import { verificationArea } from './modules/verification/area';
import { uniboxArea } from './modules/unibox/area';
import { warmupArea } from './modules/warmup/area';
import { platformArea } from './platform-area';

export const AREAS: readonly AreaModule[] = [
  platformArea,
  verificationArea,
  prospectsArea,
  finderArea,
  emailAccountsArea,
  linkedinAccountsArea,
  mailEngineArea,
  campaignLibraryArea,
  campaignExecutorArea,
  campaignsArea,
  campaignRecipientsArea,
  campaignStatisticsArea,
  emailContentArea,
  domainHealthArea,
  uniboxArea,
  warmupArea,
  // generator: new areas above this line
];
