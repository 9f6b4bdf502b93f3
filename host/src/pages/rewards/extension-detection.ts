/**
 * The prospect-finder browser extension marks every page it runs on with this attribute on
 * <html> (the extension's content script sets it at document start).
 */
export const EXTENSION_MARKER_ATTRIBUTE = 'data-leadforge-extension';

export function isExtensionPresent(doc: Document = document): boolean {
  return doc.documentElement.hasAttribute(EXTENSION_MARKER_ATTRIBUTE);
}
