import { StarterKit } from '@tiptap/starter-kit';
import { isAllowedLinkUrl } from './link-url';

/**
 * What the editor can express: the toolbar's marks and lists, paragraphs and line breaks. Headings,
 * code, quotes and rules are off: the toolbar offers none of them, the signature sanitiser drops
 * headings and code, and a markdown shortcut ("# ", "```") must not create what cannot be undone
 * from the toolbar. `supported-markup.ts` lists the same elements; keep the two in step.
 */
export function editorExtensions() {
  return [
    StarterKit.configure({
      heading: false,
      code: false,
      codeBlock: false,
      blockquote: false,
      horizontalRule: false,
      // It appends an empty paragraph after a closing list, which would end up in every signature.
      trailingNode: false,
      link: {
        // Clicking a link while writing places the cursor in it (to edit it) rather than opening it.
        openOnClick: false,
        // Autolinking makes links inclusive: text typed after a link would join it. Links come from
        // the toolbar (or a pasted address); mail clients link bare addresses on their own anyway.
        autolink: false,
        enableClickSelection: true,
        defaultProtocol: 'https',
        // Checked on typing, pasting, reading HTML and setting a link: javascript: and the like never stay.
        isAllowedUri: (url) => isAllowedLinkUrl(url),
        // The server sets rel on every link of a signature; target is what mail clients expect.
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer', class: null },
      },
    }),
  ];
}
