/**
 * Reading a mailbox server's reply to RCPT TO. The rule that matters most: a refusal for policy
 * reasons (5.7.x, blocklists, "access denied") says nothing about the mailbox, so it is never
 * reported as invalid; only an explicit "no such user" family is.
 */
import type { VerificationReason } from '@leadforge/contracts';
import type { SmtpReply } from './smtp-client';

export type RcptVerdict =
  | { kind: 'accepted' }
  | { kind: 'rejected'; reason: Extract<VerificationReason, 'mailbox_not_found' | 'disabled'> }
  | { kind: 'full' }
  | { kind: 'policy' }
  | { kind: 'temporary' }
  | { kind: 'inconclusive' };

/** Texts of permanent refusals that are about the sender or its IP, not the mailbox. */
const POLICY_TEXT = /(block|blacklist|denylist|spamhaus|spamcop|barracuda|\brbl\b|\bdnsbl\b|policy|reputation|not allowed|access denied|relay|rate limit|too many|authenticat|spf|dmarc|dkim|banned|prohibited)/i;
const NO_SUCH_USER_TEXT = /(no such|unknown|not exist|doesn'?t exist|does not exist|invalid (recipient|mailbox|address)|user not found|mailbox (unavailable|not found)|recipient (rejected|not found)|address rejected|undeliverable|no mailbox)/i;
const DISABLED_TEXT = /(disabled|deactivated|inactive|suspended|locked)/i;
const FULL_TEXT = /(full|quota|over ?quota|insufficient (system )?storage)/i;

export function classifyRcpt(reply: SmtpReply): RcptVerdict {
  const { code, enhanced, text } = reply;
  if (code >= 200 && code < 300) return { kind: 'accepted' };
  const klass = enhanced?.split('.').slice(1).join('.') ?? '';
  // Enhanced codes are the most precise signal (RFC 3463).
  if (enhanced) {
    if (klass === '2.2') return { kind: 'full' };
    // Any 4yz is temporary, 4.7.x included: milter-greylist answers "451 4.7.1 Greylisting in
    // action, please come back later", and a later attempt is exactly what it asks for.
    if (code >= 400 && code < 500) return { kind: 'temporary' };
    if (enhanced.startsWith('5.7.')) return { kind: 'policy' };
    if (klass === '2.1') return { kind: 'rejected', reason: 'disabled' };
    if (klass === '1.1' || klass === '1.0' || klass === '1.6' || klass === '1.10') {
      // Some providers answer 5.1.1 to a blocklisted sender while saying so in the text.
      return POLICY_TEXT.test(text) && !NO_SUCH_USER_TEXT.test(text) ? { kind: 'policy' } : { kind: 'rejected', reason: 'mailbox_not_found' };
    }
    if (klass === '1.3') return { kind: 'rejected', reason: 'mailbox_not_found' };
  }
  if (code === 452 && FULL_TEXT.test(text)) return { kind: 'full' };
  if (code >= 400 && code < 500) return { kind: 'temporary' };
  if (code === 552 || FULL_TEXT.test(text)) return { kind: 'full' };
  if (POLICY_TEXT.test(text) && !NO_SUCH_USER_TEXT.test(text)) return { kind: 'policy' };
  if (DISABLED_TEXT.test(text)) return { kind: 'rejected', reason: 'disabled' };
  // 550/551/553 without an enhanced code: the "mailbox unavailable" family of RFC 5321.
  if (code === 550 || code === 551 || code === 553) return { kind: 'rejected', reason: 'mailbox_not_found' };
  return { kind: 'inconclusive' };
}
