/**
 * Pictures a message carries itself (`<img src="cid:…">`, RFC 2392): the screen fetches the parts
 * from our own API and puts them into the HTML as data: URLs, the only pictures the frame's
 * policy loads before "Show images" (they come from the message, not from a tracker's server).
 */
import type { UniboxAttachment } from '@leadforge/contracts';

/** Types a browser shows as a picture and that cannot run anything (SVG can). */
export const INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** Larger parts stay downloads: a data: URL of many megabytes would bloat the frame's document. */
export const INLINE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const CID_SOURCE = /(\bsrc\s*=\s*["']?)cid:([^"'\s>]+)/gi;

const normalise = (id: string) => {
  try {
    return decodeURIComponent(id).toLowerCase();
  } catch {
    return id.toLowerCase();
  }
};

/** The Content-IDs the HTML shows, lower-cased (RFC 2392 ids are matched without case). */
export function inlineImageIds(html: string): string[] {
  return [...new Set([...html.matchAll(CID_SOURCE)].map((match) => normalise(match[2]!)))];
}

/** Which attachment (by index) each shown Content-ID is, when it is a picture small enough to inline. */
export function inlineImageParts(html: string, attachments: readonly UniboxAttachment[]): { contentId: string; index: number; type: string }[] {
  return inlineImageIds(html).flatMap((contentId) => {
    const index = attachments.findIndex(
      (attachment) =>
        attachment.contentId !== null &&
        normalise(attachment.contentId) === contentId &&
        (INLINE_IMAGE_TYPES as readonly string[]).includes(attachment.contentType.toLowerCase()) &&
        attachment.size <= INLINE_IMAGE_MAX_BYTES,
    );
    return index === -1 ? [] : [{ contentId, index, type: attachments[index]!.contentType.toLowerCase() }];
  });
}

/** The HTML with each `cid:` picture found in `urls` replaced by its data: URL; the others stay as they are. */
export function withInlineImages(html: string, urls: ReadonlyMap<string, string>): string {
  if (urls.size === 0) return html;
  return html.replace(CID_SOURCE, (whole, prefix: string, id: string) => {
    const url = urls.get(normalise(id));
    return url ? `${prefix}${url}` : whole;
  });
}
