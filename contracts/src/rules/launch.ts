/** Launch checks of document 1 §5 "Launch". */
import { isSocialTrigger, type Flowchart } from '../campaigns';
import type { ErrorKey } from '../errors';
import type { SocialAccountState } from '../social';
import type { CampaignCapabilities } from './campaign-plan';
import { countBlocks, validateFlowchart, type FlowchartIssue } from './flowchart';

export interface LaunchIssue {
  key: ErrorKey;
  /** The sender account the issue is about. */
  accountId?: number;
  /** The flowchart block the issue is about. */
  blockId?: string | null;
  variant?: number;
}

export interface LaunchInput {
  listId: number | null;
  /** The no-send list. */
  blacklist: number | null;
  wrapLinks: boolean;
  flowchart: Flowchart;
  /** Selected sender email accounts and whether each can send (connected, credentials valid). */
  emailAccounts: readonly { id: number; valid: boolean }[];
  /** Selected sender social-network accounts and their states. */
  linkedinAccounts: readonly { id: number; state: SocialAccountState }[];
  capabilities: CampaignCapabilities;
  isNewCampaign: boolean;
  knownVariables?: readonly string[];
}

/** Social-network account states that stop a launch, and the message each shows. */
export const SOCIAL_ACCOUNT_LAUNCH_KEYS: Partial<Record<SocialAccountState, ErrorKey>> = {
  expired: 'launch_account_expired',
  deleted: 'launch_account_deleted',
  verification_code: 'launch_account_need_email_verification',
  two_factor_code: 'launch_account_need_two_factor',
  lost_connection: 'launch_account_lost_connection',
  // Never connected yet: it cannot act for the campaign any more than a lost connection can.
  pending_connection: 'launch_account_lost_connection',
};

/** Everything that stops a launch: list and no-send list, senders, plan, then the flowchart. */
export function launchIssues(input: LaunchInput): LaunchIssue[] {
  const issues: LaunchIssue[] = [];
  if (input.listId === null) issues.push({ key: 'launch_choose_prospect_list' });
  if (input.blacklist === null) issues.push({ key: 'launch_choose_not_send_list' });
  if (input.wrapLinks && !input.capabilities.wrapLinks) issues.push({ key: 'email_wrap_links_plan_size' });

  const counts = countBlocks(input.flowchart);
  if (counts.email > 0) {
    if (input.emailAccounts.length === 0) issues.push({ key: 'launch_no_email_accounts' });
    for (const account of input.emailAccounts) {
      if (!account.valid) issues.push({ key: 'launch_invalid_email_accounts', accountId: account.id });
    }
  }
  // Email triggers (opened, clicked, replied) are read from the mail engine; social ones need an account.
  const socialTriggers = input.flowchart.operators.some(
    ({ block }) => block.type === 'trigger' && isSocialTrigger(block.triggerType),
  );
  if (counts.linkedin > 0 || socialTriggers) {
    if (input.linkedinAccounts.length === 0) issues.push({ key: 'launch_no_linkedin_accounts' });
    for (const account of input.linkedinAccounts) {
      const key = SOCIAL_ACCOUNT_LAUNCH_KEYS[account.state];
      if (key) issues.push({ key, accountId: account.id });
    }
  }

  const flowchartIssues: FlowchartIssue[] = validateFlowchart(input.flowchart, {
    capabilities: input.capabilities,
    isNewCampaign: input.isNewCampaign,
    ...(input.knownVariables ? { knownVariables: input.knownVariables } : {}),
  });
  for (const issue of flowchartIssues) issues.push({ ...issue });
  return issues;
}
