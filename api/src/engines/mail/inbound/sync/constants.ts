/** The timing and size limits of the IMAP sync, in one place so the README and the code agree. */

export const INBOX = 'INBOX';

/** First sync periods a mailbox may choose (issue 13); anything else reads the default. */
export const FIRST_SYNC_DAYS = [3, 30, 90, 180] as const;
export const DEFAULT_FIRST_SYNC_DAYS = 30;

/**
 * IDLE is broken and issued again this often: RFC 2177 lets servers drop an IDLE after 29
 * minutes, the issue asks for at most 25.
 */
export const IDLE_REISSUE_MS = 20 * 60_000;

/**
 * A full pass over the folders this often whatever IDLE says: the fallback for servers without
 * IDLE (imapflow's own NOOP poll only reports counts) and for notifications a server never sent.
 * The issue allows at most 5 minutes.
 */
export const POLL_INTERVAL_MS = 4 * 60_000;

/** The full pass's interval on a test server's fast clock (CAMPAIGN_TIME_SCALE) is never below this. */
export const FAST_CLOCK_POLL_FLOOR_MS = 15_000;

/** Inactivity before imapflow enters IDLE after our last command: long enough not to IDLE between two downloads. */
export const AUTO_IDLE_DELAY_MS = 1_500;

/**
 * How often a session re-reads which mailboxes its shard serves (added, resumed, paused, deleted):
 * a mailbox just connected starts its first sync within this. One indexed query per shard.
 */
export const MAILBOX_CHECK_MS = 3_000;

/**
 * One session job lasts this long; its successor, queued when it starts, takes over at the
 * boundary. Short enough that a worker that died costs at most this much delay, long enough
 * that reconnecting every mailbox is rare.
 */
export const SESSION_SECONDS = 10 * 60;

/**
 * Session jobs per deployment. Each serves the mailboxes whose id modulo SHARDS is its number,
 * one IMAP connection per mailbox, so worker processes split the mailboxes between them while
 * each process polls the queue with only this many workers.
 */
export const SHARDS = 4;

/** Reconnect back-off: doubles from the first to the last, with jitter. */
export const RECONNECT_MIN_MS = 5_000;
export const RECONNECT_MAX_MS = 5 * 60_000;

/** Failed connections in a row before the mailbox shows the error (a single drop is routine). */
export const FAILURES_BEFORE_ERROR = 3;

/** UIDs whose metadata one FETCH asks for. */
export const FETCH_BATCH = 250;

/** The cursor is written after this many messages (a restart repeats at most these, without duplicates). */
export const CURSOR_SAVE_EVERY = 50;

/** Soft bounces older than this do not add up to a hard one: a mailbox that was full last year is not dead. */
export const SOFT_BOUNCE_WINDOW_DAYS = 30;

/** What is stored of a message's text and sanitised HTML; the rest stays on the IMAP server. */
export const TEXT_LIMIT = 256 * 1024;
export const HTML_LIMIT = 1024 * 1024;
/** The preview: the new text of a reply, without the quoted history. */
export const PREVIEW_LIMIT = 2_000;
/** The raw header block kept to build a synthetic Message-ID. */
export const HEADER_BLOCK_LIMIT = 256 * 1024;

/** How long a LOGOUT may take before the connection is simply closed. */
export const LOGOUT_TIMEOUT_MS = 5_000;
