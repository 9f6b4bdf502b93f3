/**
 * The connect form's values and what each call takes from them. Hosts, ports and security come
 * from a preset (contracts MAIL_PROVIDER_PRESETS) or are typed for "Other"; "same as SMTP" sends
 * the SMTP sign-in name and password for IMAP too, which is what almost every provider wants.
 */
import {
  MAIL_PROVIDER_PRESETS,
  emailAccountsRoutes,
  type ConnectionStep,
  type EmailAccount,
  type MailPresetId,
  type MailSecurity,
  type MailServerKind,
  type RouteBody,
} from '@leadforge/contracts';

export type ServerValues = {
  host: string;
  port: number;
  security: MailSecurity;
  /** Empty: the address itself. */
  user: string;
  password: string;
};

export type ConnectionFormValues = {
  email: string;
  senderName: string;
  smtp: ServerValues;
  imap: ServerValues;
  /** IMAP signs in with the SMTP user name and password. */
  sameCredentials: boolean;
};

/** What the user picked in the first step: a preset, or any other server. */
export type ServerChoice = MailPresetId | 'custom';

type CreateBody = RouteBody<typeof emailAccountsRoutes.createEmailAccount>;
type CredentialsBody = RouteBody<typeof emailAccountsRoutes.updateEmailAccountCredentials>;
type TestBody = RouteBody<typeof emailAccountsRoutes.testEmailAccountConnection>;

/** The usual submission and IMAP ports of a server nobody described for us. */
const CUSTOM_SERVERS = {
  smtp: { host: '', port: 587, security: 'starttls' },
  imap: { host: '', port: 993, security: 'tls' },
} as const;

export const presetOf = (choice: ServerChoice | null) =>
  choice === null || choice === 'custom' ? undefined : MAIL_PROVIDER_PRESETS.find((preset) => preset.id === choice);

export function initialValues(choice: ServerChoice): ConnectionFormValues {
  const servers = presetOf(choice) ?? CUSTOM_SERVERS;
  return {
    email: '',
    senderName: '',
    smtp: { ...servers.smtp, user: '', password: '' },
    imap: { ...servers.imap, user: '', password: '' },
    sameCredentials: true,
  };
}

/** A saved mailbox's servers, for reconnecting it: the passwords are never sent back, so they start empty. */
export function valuesOfAccount(account: EmailAccount): ConnectionFormValues {
  const base = initialValues(presetOf(account.preset as MailPresetId) ? (account.preset as MailPresetId) : 'custom');
  const server = (saved: EmailAccount['smtp'], fallback: ServerValues): ServerValues =>
    saved ? { host: saved.host, port: saved.port, security: saved.security, user: saved.user === account.email ? '' : saved.user, password: '' } : fallback;
  const smtp = server(account.smtp, base.smtp);
  const imap = server(account.imap, base.imap);
  return { email: account.email, senderName: account.senderName, smtp, imap, sameCredentials: smtp.user === imap.user };
}

// A field the form never mounted (the IMAP sign-in while "same as SMTP" is on) or one cleared
// with its clear button comes back undefined, whatever the type says.
function server(values: ServerValues) {
  const user = (values.user ?? '').trim();
  const password = values.password ?? '';
  return {
    host: (values.host ?? '').trim(),
    port: Number(values.port),
    security: values.security,
    ...(user ? { user } : {}),
    ...(password ? { password } : {}),
  };
}

function servers(values: ConnectionFormValues) {
  const smtp = { ...server(values.smtp), password: values.smtp.password ?? '' };
  const imap = server(values.sameCredentials ? { ...values.imap, user: values.smtp.user, password: values.smtp.password } : values.imap);
  return { smtp, imap };
}

export function createBody(values: ConnectionFormValues, choice: ServerChoice): CreateBody {
  const senderName = values.senderName.trim();
  return {
    email: values.email.trim(),
    preset: choice === 'custom' ? null : choice,
    ...servers(values),
    ...(senderName ? { senderName } : {}),
  };
}

export function credentialsBody(values: ConnectionFormValues, choice: ServerChoice): CredentialsBody {
  return { preset: choice === 'custom' ? null : choice, ...servers(values) };
}

export function testBody(values: ConnectionFormValues): TestBody {
  return { email: values.email.trim(), ...servers(values) };
}

/**
 * Where the form shows an error the API names by a dotted field (`smtp.password`). With "same as
 * SMTP" on, the IMAP user and password are not on screen: the caller turns it off to show them.
 */
export function formFieldOf(field: string): (string | number)[] {
  return field.split('.');
}

export const hidesField = (values: Pick<ConnectionFormValues, 'sameCredentials'>, field: string) =>
  values.sameCredentials && (field === 'imap.user' || field === 'imap.password');

/** The steps a test tries on one server, in order: TLS only when the connection is secured. */
export function stepsOf(kind: MailServerKind, security: MailSecurity): ConnectionStep[] {
  const secured: ConnectionStep[] = security === 'none' ? [] : ['tls'];
  return kind === 'smtp' ? ['dns', 'tcp', ...secured, 'smtp_auth'] : ['dns', 'tcp', ...secured, 'imap_login', 'imap_select'];
}
