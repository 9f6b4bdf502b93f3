import { EMAIL_TEMPLATE_VARIABLES, addressedNames, type EmailTemplateVariable, type ProspectRow } from '@leadforge/contracts';

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * What each placeholder becomes for a prospect of the list, names compared without case — the
 * same names the mail engine fills (api mail-engine/template.ts). A table row carries no position
 * or website: those stay empty in the preview.
 */
export function previewVariables(row: Pick<ProspectRow, 'name' | 'first_name' | 'last_name' | 'emails' | 'company' | 'industry' | 'country' | 'location' | 'customFields'>): Map<string, string> {
  const { first, last } = addressedNames(row.name, row.first_name, row.last_name);
  const fixed: Record<EmailTemplateVariable, string> = {
    firstName: first,
    lastName: last,
    fullName: row.name || `${first} ${last}`.trim(),
    email: row.emails[0]?.email ?? '',
    companyName: row.company ?? '',
    position: '',
    website: '',
    industry: row.industry ?? '',
    country: row.country ?? '',
    location: row.location ?? '',
  };
  const values = new Map<string, string>();
  // Custom fields first, so one named like a built-in variable never hides the built-in one.
  for (const [name, value] of Object.entries(row.customFields)) values.set(name.trim().toLowerCase(), value);
  for (const name of EMAIL_TEMPLATE_VARIABLES) values.set(name.toLowerCase(), fixed[name]);
  return values;
}

/** Fills each `{{name}}` it knows; unknown placeholders stay as written (the block checks report them). */
export function fillVariables(text: string, values: ReadonlyMap<string, string>, escape: (value: string) => string = (value) => value): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values.get(name.trim().toLowerCase());
    return value === undefined ? whole : escape(value);
  });
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
