import BoldOutlined from '@ant-design/icons/es/icons/BoldOutlined';
import ClearOutlined from '@ant-design/icons/es/icons/ClearOutlined';
import CodeOutlined from '@ant-design/icons/es/icons/CodeOutlined';
import ItalicOutlined from '@ant-design/icons/es/icons/ItalicOutlined';
import OrderedListOutlined from '@ant-design/icons/es/icons/OrderedListOutlined';
import RedoOutlined from '@ant-design/icons/es/icons/RedoOutlined';
import StrikethroughOutlined from '@ant-design/icons/es/icons/StrikethroughOutlined';
import UnderlineOutlined from '@ant-design/icons/es/icons/UnderlineOutlined';
import UndoOutlined from '@ant-design/icons/es/icons/UndoOutlined';
import UnorderedListOutlined from '@ant-design/icons/es/icons/UnorderedListOutlined';
import { useEditorState, type ChainedCommands, type Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { LinkPopover } from './link-popover';
import { ToolbarButton } from './toolbar-button';

export type EditorMode = 'visual' | 'html';

export type EditorToolbarProps = {
  editor: Editor;
  mode: EditorMode;
  disabled: boolean;
  linkOpen: boolean;
  onLinkOpenChange: (open: boolean) => void;
  onModeChange: (mode: EditorMode) => void;
};

/** The formats of the cursor's place, read on each transaction; the toolbar re-renders only when one changes. */
function useFormats(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      strike: current.isActive('strike'),
      link: current.isActive('link'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
}

export function EditorToolbar({ editor, mode, disabled, linkOpen, onLinkOpenChange, onModeChange }: EditorToolbarProps) {
  const { t } = useTranslation();
  const formats = useFormats(editor);
  // In HTML mode the document is edited as text: the visual commands would act on a stale copy.
  const off = disabled || mode === 'html';
  const run = (command: (chain: ChainedCommands) => ChainedCommands) => () => {
    command(editor.chain().focus()).run();
  };

  return (
    <div className="lf-rich-text-toolbar" role="toolbar" aria-label={t('common:ui.richText.toolbar')}>
      <ToolbarButton
        label={t('common:ui.richText.bold')}
        icon={<BoldOutlined />}
        shortcut="B"
        pressed={formats.bold}
        disabled={off}
        onClick={run((c) => c.toggleBold())}
      />
      <ToolbarButton
        label={t('common:ui.richText.italic')}
        icon={<ItalicOutlined />}
        shortcut="I"
        pressed={formats.italic}
        disabled={off}
        onClick={run((c) => c.toggleItalic())}
      />
      <ToolbarButton
        label={t('common:ui.richText.underline')}
        icon={<UnderlineOutlined />}
        shortcut="U"
        pressed={formats.underline}
        disabled={off}
        onClick={run((c) => c.toggleUnderline())}
      />
      <ToolbarButton
        label={t('common:ui.richText.strike')}
        icon={<StrikethroughOutlined />}
        shortcut="Shift+S"
        pressed={formats.strike}
        disabled={off}
        onClick={run((c) => c.toggleStrike())}
      />
      <LinkPopover editor={editor} active={formats.link} disabled={off} open={linkOpen} onOpenChange={onLinkOpenChange} />
      <span className="lf-rich-text-separator" aria-hidden />
      <ToolbarButton
        label={t('common:ui.richText.bulletList')}
        icon={<UnorderedListOutlined />}
        shortcut="Shift+8"
        pressed={formats.bulletList}
        disabled={off}
        onClick={run((c) => c.toggleBulletList())}
      />
      <ToolbarButton
        label={t('common:ui.richText.orderedList')}
        icon={<OrderedListOutlined />}
        shortcut="Shift+7"
        pressed={formats.orderedList}
        disabled={off}
        onClick={run((c) => c.toggleOrderedList())}
      />
      <ToolbarButton
        label={t('common:ui.richText.clearFormatting')}
        icon={<ClearOutlined />}
        disabled={off}
        onClick={run((c) => c.unsetAllMarks().clearNodes())}
      />
      <span className="lf-rich-text-separator" aria-hidden />
      <ToolbarButton
        label={t('common:ui.richText.undo')}
        icon={<UndoOutlined />}
        shortcut="Z"
        disabled={off || !formats.canUndo}
        onClick={run((c) => c.undo())}
      />
      <ToolbarButton
        label={t('common:ui.richText.redo')}
        icon={<RedoOutlined />}
        shortcut="Shift+Z"
        disabled={off || !formats.canRedo}
        onClick={run((c) => c.redo())}
      />
      <span className="lf-rich-text-spacer" />
      <ToolbarButton
        label={t('common:ui.richText.html')}
        icon={<CodeOutlined />}
        pressed={mode === 'html'}
        disabled={disabled}
        onClick={() => onModeChange(mode === 'html' ? 'visual' : 'html')}
      />
    </div>
  );
}
