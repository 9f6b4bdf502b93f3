// `@leadforge/ui/rich-text`: an entry of its own, outside the package index, so only the screens
// that edit email HTML bring it in. The editor itself (TipTap, ProseMirror) is a further lazy chunk.
export { RichTextEditor, preloadRichTextEditor, type RichTextEditorProps } from './rich-text/rich-text-editor';
export { normalizeLinkUrl, isAllowedLinkUrl } from './rich-text/link-url';
export { hasUnsupportedMarkup } from './rich-text/supported-markup';
export { appendToHtml, htmlToPlainText, insertAt, plainTextToHtml, variablePlaceholder } from './rich-text/body-text';
