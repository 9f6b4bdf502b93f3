import { useEffect } from 'react';

/** Brand shown in every tab title; a proper noun, so it is not translated. */
export const APP_NAME = 'Leadforge';

export function formatDocumentTitle(title?: string | null): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${APP_NAME}` : APP_NAME;
}

/** Sets the tab title for as long as the calling screen is shown (document 1 §2). */
export function useDocumentTitle(title?: string | null) {
  useEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title]);
}
