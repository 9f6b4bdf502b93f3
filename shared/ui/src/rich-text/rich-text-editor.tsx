import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

export type RichTextEditorProps = {
  /** HTML; empty when there is no text. */
  value?: string;
  /** Called with the new HTML ('' once the text is all deleted). */
  onChange?: (html: string) => void;
  /** Set by antd's Form.Item; given to the editable area (or the HTML box in HTML mode). */
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  disabled?: boolean;
  /** Height of the writing area before it grows with the text, in pixels. */
  minHeight?: number;
  /**
   * Shown under the HTML box in HTML mode, e.g. a sandboxed frame with the HTML as it will be
   * delivered; the visual mode is its own preview.
   */
  renderSourcePreview?: (html: string) => ReactNode;
};

type EditorModule = { default: ComponentType<RichTextEditorProps> };

let editorModule: Promise<EditorModule> | null = null;

/**
 * TipTap, ProseMirror and linkify are some 130 KB gzip (110 KB brotli) that only screens with an
 * editor need: they come in chunks of their own, requested when an editor first renders (or
 * earlier through the preload below).
 * Should that chunk fail to arrive, the field falls back to editing the HTML as text rather than
 * taking the whole form down with it.
 */
function loadEditor(): Promise<EditorModule> {
  editorModule ??= import(/* webpackChunkName: "rich-text-editor" */ './tiptap-editor').then(
    (module): EditorModule => ({ default: module.TiptapEditor }),
    (error: unknown): EditorModule => {
      console.warn('[ui] the rich-text editor failed to load; editing as HTML', error);
      return { default: HtmlFallback };
    },
  );
  return editorModule;
}

/** Starts downloading the editor, e.g. when the screen that will show it opens. */
export function preloadRichTextEditor(): void {
  void loadEditor();
}

const LazyEditor = lazy(loadEditor);

/**
 * A WYSIWYG editor for email HTML (signatures, and later campaign emails): bold, italic,
 * underline, strike, links, lists, clear formatting, undo/redo and an HTML mode. Works as an antd
 * form control (`value` / `onChange`).
 */
export function RichTextEditor({ minHeight = 96, ...props }: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorPlaceholder minHeight={minHeight} />}>
      <LazyEditor minHeight={minHeight} {...props} />
    </Suspense>
  );
}

function EditorPlaceholder({ minHeight }: { minHeight: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common:states.loading')} style={{ minHeight: minHeight + 40 }}>
      <Skeleton active title={false} paragraph={{ rows: 3 }} />
    </div>
  );
}

function HtmlFallback({ value, onChange, id, disabled, minHeight, renderSourcePreview, ...aria }: RichTextEditorProps) {
  const { t } = useTranslation();
  const html = value ?? '';
  return (
    <>
      <Input.TextArea
        id={id}
        value={html}
        disabled={disabled}
        spellCheck={false}
        rows={Math.max(4, Math.round((minHeight ?? 96) / 20))}
        aria-label={aria['aria-label'] ?? t('common:ui.richText.htmlSource')}
        aria-describedby={aria['aria-describedby']}
        aria-invalid={aria['aria-invalid']}
        aria-required={aria['aria-required']}
        onChange={(event) => onChange?.(event.target.value)}
      />
      {html.trim() && renderSourcePreview ? renderSourcePreview(html) : null}
    </>
  );
}
