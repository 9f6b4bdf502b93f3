import type { UniboxThreadRow } from '@leadforge/contracts';

/** A conversation row as the thread list answers it, for the remote's tests: Ada asks about pricing. */
export const threadRow = (overrides: Partial<UniboxThreadRow> = {}): UniboxThreadRow => ({
  id: 7,
  emailAccountId: 3,
  linkedinAccountId: null,
  channel: 'email',
  counterpart: { name: 'Ada Lovelace', address: 'ada@acme.test' },
  subject: 'Pricing question',
  snippet: 'Could you send the pricing?',
  lastMessageAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  unreadCount: 2,
  isStarred: false,
  messageCount: 3,
  campaign: { id: 4, title: 'Spring outreach' },
  leadStatus: 'interested',
  prospectId: null,
  lead: null,
  ...overrides,
});
