/** Mailbox purchase form rules of document 1 §5 and the form codes of document 2 §8. */
import { MAILBOX_FORM_CODES, type MailboxErrorKey, type MailboxFormCode } from '../errors';
import { MAILBOX_NAME_MAX, MAILBOX_USERNAME_MAX } from '../infrastructure';
import { isValidDomain } from './domain';

export interface MailboxRow {
  firstName: string;
  lastName: string;
  username: string;
  domains: readonly { domain: string; selected: boolean }[];
}

function blank(value: string | null | undefined): boolean {
  return (value ?? '').trim().length === 0;
}

/** A mailbox is filled only when first name, last name and username are all non-blank. */
export function isMailboxFilled(row: Pick<MailboxRow, 'firstName' | 'lastName' | 'username'>): boolean {
  return !blank(row.firstName) && !blank(row.lastName) && !blank(row.username);
}

/** A filled mailbox counts once per selected domain, or once if no domain is selected. */
export function countFilledMailboxes(rows: readonly MailboxRow[]): number {
  let total = 0;
  for (const row of rows) {
    if (!isMailboxFilled(row)) continue;
    const selected = row.domains.filter((d) => d.selected).length;
    total += selected > 0 ? selected : 1;
  }
  return total;
}

/** Mailbox usernames: letters, digits, dots, hyphens, underscores; no dot at either end or twice in a row. */
const USERNAME = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$/i;
/** Person names: letters (any script), spaces, apostrophes and hyphens. */
const PERSON_NAME = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;

export interface MailboxFormError {
  /** `mailboxes.<row>.<field>`, `domains.<index>`, `redirectDomain` or `mailboxes`. */
  field: string;
  code: MailboxFormCode;
  key: MailboxErrorKey;
}

function formError(field: string, code: MailboxFormCode): MailboxFormError {
  return { field, code, key: MAILBOX_FORM_CODES[code] };
}

export interface MailboxFormInput {
  /** Domains the user brings (yourDomains tab). */
  ownDomains?: readonly string[];
  mailboxes: readonly MailboxRow[];
  redirectDomain?: string;
}

export interface MailboxFormContext {
  /** Domains already used in another order of this account (151). */
  usedDomains?: readonly string[];
  /** Addresses already bought, `username@domain` (152). */
  purchasedAddresses?: readonly string[];
}

/**
 * Per-field checks of the mailbox form that need no server: 101 missing field, 103 too long,
 * 109 name format, 150 own domain invalid, 151 domain already used, 152 mailbox already bought,
 * 155 no filled mailbox, 156 redirect domain invalid, 157 username invalid. (160 "domain not
 * available" and 500 come from the provider.) Rows left wholly blank are ignored.
 */
export function mailboxFormErrors(form: MailboxFormInput, context: MailboxFormContext = {}): MailboxFormError[] {
  const errors: MailboxFormError[] = [];
  const used = new Set((context.usedDomains ?? []).map((d) => d.trim().toLowerCase()));
  const purchased = new Set((context.purchasedAddresses ?? []).map((a) => a.trim().toLowerCase()));

  (form.ownDomains ?? []).forEach((domain, index) => {
    const value = domain.trim().toLowerCase();
    if (value.length === 0) errors.push(formError(`domains.${index}`, 101));
    else if (!isValidDomain(value)) errors.push(formError(`domains.${index}`, 150));
    else if (used.has(value)) errors.push(formError(`domains.${index}`, 151));
  });

  form.mailboxes.forEach((row, index) => {
    if (blank(row.firstName) && blank(row.lastName) && blank(row.username)) return;
    for (const field of ['firstName', 'lastName'] as const) {
      const value = row[field].trim();
      if (value.length === 0) errors.push(formError(`mailboxes.${index}.${field}`, 101));
      else if ([...value].length > MAILBOX_NAME_MAX) errors.push(formError(`mailboxes.${index}.${field}`, 103));
      else if (!PERSON_NAME.test(value)) errors.push(formError(`mailboxes.${index}.${field}`, 109));
    }
    const username = row.username.trim().toLowerCase();
    if (username.length === 0) errors.push(formError(`mailboxes.${index}.username`, 101));
    else if (username.length > MAILBOX_USERNAME_MAX) errors.push(formError(`mailboxes.${index}.username`, 103));
    else if (!USERNAME.test(username)) errors.push(formError(`mailboxes.${index}.username`, 157));
    else {
      const domains = row.domains.filter((d) => d.selected).map((d) => d.domain.trim().toLowerCase());
      if (domains.some((domain) => purchased.has(`${username}@${domain}`))) {
        errors.push(formError(`mailboxes.${index}.username`, 152));
      }
    }
  });

  if (countFilledMailboxes(form.mailboxes) === 0) errors.push(formError('mailboxes', 155));
  if (form.redirectDomain !== undefined && !isValidDomain(form.redirectDomain)) errors.push(formError('redirectDomain', 156));
  return errors;
}
