import { EMAIL_ATTACHMENT_LIMITS } from './constants';
import { attachmentsWithinLimits, safeAttachmentContentType, sanitizeAttachmentName } from './email-content';

const MB = 1024 * 1024;

describe('email attachments', () => {
  it('keep a file name people recognise, without paths, quotes or control characters', () => {
    expect(sanitizeAttachmentName('C:\\fakepath\\price list <2026>?.pdf')).toBe('price list 2026.pdf');
    expect(sanitizeAttachmentName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeAttachmentName('..hidden\u0000\r\n.txt')).toBe('hidden.txt');
    expect(sanitizeAttachmentName('Preisliste ü.pdf')).toBe('Preisliste ü.pdf');
    expect(sanitizeAttachmentName('\ud800')).toBe('file');
    expect(sanitizeAttachmentName(`${'a'.repeat(300)}.docx`)).toBe(`${'a'.repeat(195)}.docx`);
  });

  it('serve a declared type unless a browser would render it as a page', () => {
    expect(safeAttachmentContentType('application/pdf')).toBe('application/pdf');
    expect(safeAttachmentContentType('Image/PNG; name=x')).toBe('image/png');
    expect(safeAttachmentContentType('text/html')).toBe('application/octet-stream');
    expect(safeAttachmentContentType('image/svg+xml')).toBe('application/octet-stream');
    expect(safeAttachmentContentType('not a type')).toBe('application/octet-stream');
    expect(safeAttachmentContentType(undefined)).toBe('application/octet-stream');
  });

  it('allow 10 MB a file and 25 MB and 10 files an email', () => {
    expect(attachmentsWithinLimits([EMAIL_ATTACHMENT_LIMITS.fileBytesMax])).toBeNull();
    expect(attachmentsWithinLimits([EMAIL_ATTACHMENT_LIMITS.fileBytesMax + 1])).toBe('attachment_too_large');
    expect(attachmentsWithinLimits([10 * MB, 10 * MB, 5 * MB])).toBeNull();
    expect(attachmentsWithinLimits([10 * MB, 10 * MB, 5 * MB + 1])).toBe('attachments_total_too_large');
    expect(attachmentsWithinLimits(Array.from({ length: 11 }, () => 1))).toBe('attachments_total_too_large');
  });
});
