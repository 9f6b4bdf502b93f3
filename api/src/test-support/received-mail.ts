/**
 * Reads a message a loopback SMTP peer received as a person's mail client would (decoded body,
 * headers unfolded), for the journeys and tests that follow links in campaign mail.
 */
import { simpleParser } from 'mailparser';

export interface ReadMail {
  subject: string;
  messageId: string;
  /** The HTML part, decoded (quoted-printable and base64 undone). */
  html: string;
  /** A header's value as written (unfolded), or null. */
  header(name: string): string | null;
  /** The attached files, decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export async function readMail(raw: string): Promise<ReadMail> {
  const parsed = await simpleParser(raw);
  const lines = parsed.headerLines.map((line) => ({ key: line.key.toLowerCase(), value: line.line.slice(line.line.indexOf(':') + 1).replace(/\r?\n[ \t]+/g, ' ').trim() }));
  return {
    subject: parsed.subject ?? '',
    messageId: parsed.messageId ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    header: (name) => lines.find((line) => line.key === name.toLowerCase())?.value ?? null,
    attachments: parsed.attachments.map((file) => ({ filename: file.filename ?? '', contentType: file.contentType, content: file.content })),
  };
}
