/** The area's own screens. */
export const UNIBOX_PATH = '/unibox';
export const conversationPath = (threadId: number) => `${UNIBOX_PATH}/${threadId}`;

/** Where a user connects a mailbox (the warm-up area's page, reached by URL, never by import). */
export const EMAIL_ACCOUNTS_PATH = '/account/email-accounts';
