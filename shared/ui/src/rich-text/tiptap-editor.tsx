import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Form, Input, theme } from 'antd';
import { EditorContent, useEditor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { EditorToolbar, type EditorMode } from './editor-toolbar';
import { editorExtensions } from './extensions';
import type { RichTextEditorProps } from './rich-text-editor';
import { RICH_TEXT_CSS, RICH_TEXT_STYLE_HREF, richTextVariables } from './rich-text-styles';
import { hasUnsupportedMarkup } from './supported-markup';

function attribute(value: boolean | string | undefined): string | undefined {
  return value === undefined ? undefined : String(value);
}

/** The editor itself, loaded on demand by `RichTextEditor`. */
export function TiptapEditor({
  value,
  onChange,
  id,
  disabled = false,
  minHeight = 96,
  renderSourcePreview,
  'aria-label': ariaLabel,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { status } = Form.Item.useStatus();
  const html = value ?? '';
  // HTML the visual editor would flatten opens as HTML; the user may still switch (see the notice).
  const [mode, setMode] = useState<EditorMode>(() => (hasUnsupportedMarkup(html) ? 'html' : 'visual'));
  const [linkOpen, setLinkOpen] = useState(false);
  // The HTML box takes the focus when the user switches to it, not when a signature opens in it.
  const [switched, setSwitched] = useState(false);
  const lossy = useMemo(() => hasUnsupportedMarkup(html), [html]);

  // The HTML the editor's document stands for: a `value` that differs came from outside (a form
  // reset, the HTML box) and is loaded into the document; one that matches is our own echo.
  const shown = useRef(html);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const extensions = useMemo(() => editorExtensions(), []);
  const attributes = useMemo(() => {
    const all: Record<string, string | undefined> = {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': ariaLabel,
      // In HTML mode the form's label and messages belong to the HTML box.
      id: mode === 'visual' ? id : undefined,
      'aria-describedby': describedBy,
      'aria-invalid': attribute(invalid),
      'aria-required': attribute(required),
      'aria-disabled': disabled ? 'true' : undefined,
    };
    return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
  }, [ariaLabel, id, mode, describedBy, invalid, required, disabled]);

  const editor = useEditor({
    extensions,
    content: shown.current,
    editable: !disabled,
    editorProps: {
      attributes,
      handleKeyDown: (_view, event) => {
        // Mod-K opens the link form, as in most editors.
        if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey) && !event.altKey && !event.shiftKey) {
          event.preventDefault();
          setLinkOpen(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = current.isEmpty ? '' : current.getHTML();
      shown.current = next;
      onChangeRef.current?.(next);
    },
  });

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (mode !== 'visual' || html === shown.current) return;
    shown.current = html;
    editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html, mode]);

  const handleModeChange = (next: EditorMode) => {
    setLinkOpen(false);
    setSwitched(true);
    setMode(next);
    // The HTML may have been edited as text: the visual document starts again from it.
    if (next === 'visual') {
      shown.current = html;
      editor.commands.setContent(html, { emitUpdate: false });
    }
  };

  return (
    <div
      className="lf-rich-text"
      data-status={status || undefined}
      data-disabled={disabled ? 'true' : undefined}
      style={richTextVariables(token, minHeight)}
    >
      <style href={RICH_TEXT_STYLE_HREF} precedence="medium">
        {RICH_TEXT_CSS}
      </style>
      <EditorToolbar
        editor={editor}
        mode={mode}
        disabled={disabled}
        linkOpen={linkOpen}
        onLinkOpenChange={setLinkOpen}
        onModeChange={handleModeChange}
      />
      {lossy ? (
        <Alert
          type="warning"
          showIcon
          banner
          title={mode === 'html' ? t('common:ui.richText.unsupportedInHtml') : t('common:ui.richText.unsupportedInVisual')}
        />
      ) : null}
      <EditorContent editor={editor} hidden={mode === 'html'} />
      {mode === 'html' ? (
        <div className="lf-rich-text-source">
          <Input.TextArea
            id={id}
            value={html}
            disabled={disabled}
            variant="borderless"
            spellCheck={false}
            autoFocus={switched}
            // Fixed rows rather than autoSize: measuring the box on each key press is wasted on
            // HTML that is mostly read; the user can drag it taller.
            rows={Math.max(4, Math.round(minHeight / 20))}
            style={{ resize: 'vertical' }}
            aria-label={
              ariaLabel ? t('common:ui.richText.htmlSourceOf', { field: ariaLabel }) : t('common:ui.richText.htmlSource')
            }
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required={required}
            onChange={(event) => onChange?.(event.target.value)}
          />
          {html.trim() && renderSourcePreview ? renderSourcePreview(html) : null}
        </div>
      ) : null}
    </div>
  );
}
