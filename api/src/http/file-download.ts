/**
 * A stored file (an uploaded attachment, a part of a synced message) sent back to the browser as a
 * download: never shown in the app's origin (it may be anyone's HTML or SVG), never sniffed into
 * something runnable, never cached for the next user of the machine.
 */
import type { FastifyReply } from 'fastify';

export interface DownloadFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** `attachment` with an ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;%]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export function sendDownload(reply: FastifyReply, file: DownloadFile): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}
