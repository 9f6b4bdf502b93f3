import { useMemo } from 'react';
import { useQueries } from '@tanstack/react-query';
import { uniboxRoutes, type UniboxMessageItem } from '@leadforge/contracts';
import { routeUrl } from '@leadforge/api-client';
import { uniboxKeys } from '../../../query-keys';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';
import { inlineImageParts, withInlineImages } from '../utils/inline-images';

/** A data: URL of the bytes (btoa reads a binary string; built in slices so a large picture does not overflow the call stack). */
function dataUrlOf(bytes: Uint8Array, type: string): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return `data:${type};base64,${btoa(binary)}`;
}

/**
 * The message's HTML with the pictures it carries (`cid:`) put in as data: URLs once fetched from
 * the attachment call (bytes, not JSON, so a plain credentialed fetch); until then, or if one
 * fails, the HTML keeps its `cid:` source and the frame shows that picture's alt text.
 */
export function useInlineImages(message: Pick<UniboxMessageItem, 'id' | 'html' | 'attachments'>, forUserId: number | undefined): string | null {
  const parts = useMemo(() => (message.html ? inlineImageParts(message.html, message.attachments) : []), [message.html, message.attachments]);
  const results = useQueries({
    queries: parts.map((part) => ({
      queryKey: uniboxKeys.inlineImage(message.id, part.index, forUserId),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const url = routeUrl(uniboxRoutes.uniboxAttachment, { params: { messageId: message.id, index: part.index }, query: ownerPart(forUserId) });
        const response = await fetch(url, { credentials: 'same-origin', signal });
        if (!response.ok) throw new Error(`The picture answered ${response.status}`);
        // Typed by the part's declared picture type: the server may send a generic type for safety.
        return dataUrlOf(new Uint8Array(await response.arrayBuffer()), part.type);
      },
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    })),
  });
  if (!message.html) return null;
  // A cheap replace, done on every render: the body below compares the resulting string by value.
  const urls = new Map<string, string>();
  parts.forEach((part, position) => {
    const url = results[position]?.data;
    if (url) urls.set(part.contentId, url);
  });
  return withInlineImages(message.html, urls);
}
