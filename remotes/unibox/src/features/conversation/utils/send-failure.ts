import type { UniboxSendEmailResponse } from '@leadforge/contracts';

export type SendFailure = Extract<UniboxSendEmailResponse, { status: 'failed' }>;

/** Empty editors still hold markup (`<p></p>`): only text or a picture counts as something to send. */
export function isBlankHtml(html: string): boolean {
  return html.replace(/<img\b/gi, 'x').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '';
}

/** Addresses typed into a tags box, trimmed and without repeats. */
export function cleanAddresses(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}
