import { useId, useState, type KeyboardEvent } from 'react';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import { Button, Input, Popover, Space, Typography } from 'antd';
import type { Editor } from '@tiptap/react';
import { useTranslation } from 'react-i18next';
import { normalizeLinkUrl } from './link-url';
import { ToolbarButton } from './toolbar-button';

export type LinkPopoverProps = {
  editor: Editor;
  /** Whether the cursor or selection is on a link. */
  active: boolean;
  disabled: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Adds, changes or removes the link under the cursor. Only web and email addresses are taken: a
 * `javascript:` address is refused here and, should it come in through pasted HTML, by the editor.
 */
export function LinkPopover({ editor, active, disabled, open, onOpenChange }: LinkPopoverProps) {
  const { t } = useTranslation();
  return (
    <Popover
      content={<LinkForm editor={editor} active={active} onDone={() => onOpenChange(false)} />}
      trigger="click"
      open={open && !disabled}
      onOpenChange={onOpenChange}
      placement="bottomLeft"
      // The form is created on each opening, so it starts from the link under the cursor.
      destroyOnHidden
    >
      <span>
        <ToolbarButton
          label={t('common:ui.richText.link')}
          icon={<LinkOutlined />}
          shortcut="K"
          pressed={active}
          disabled={disabled}
        />
      </span>
    </Popover>
  );
}

type LinkFormProps = {
  editor: Editor;
  active: boolean;
  onDone: () => void;
};

function LinkForm({ editor, active, onDone }: LinkFormProps) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [invalid, setInvalid] = useState(false);
  const errorId = useId();

  const handleApply = () => {
    const href = normalizeLinkUrl(address);
    if (!href) {
      setInvalid(true);
      return;
    }
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      const text = href.startsWith('mailto:') ? href.slice('mailto:'.length) : address.trim();
      editor
        .chain()
        .focus()
        .insertContent({ type: 'text', text, marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    }
    onDone();
  };

  const handleRemove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onDone();
  };

  const handleCancel = () => {
    onDone();
    editor.commands.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleApply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      handleCancel();
    }
  };

  return (
    <Space orientation="vertical" size={8} style={{ width: 300, maxWidth: '70vw' }}>
      <Input
        autoFocus
        value={address}
        aria-label={t('common:ui.richText.linkAddress')}
        placeholder={t('common:ui.richText.linkPlaceholder')}
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid}
        aria-describedby={invalid ? errorId : undefined}
        spellCheck={false}
        onChange={(event) => {
          setAddress(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={handleKeyDown}
      />
      {invalid ? (
        <Typography.Text id={errorId} type="danger" role="alert">
          {t('common:ui.richText.linkInvalid')}
        </Typography.Text>
      ) : null}
      <Space wrap>
        <Button type="primary" size="small" onClick={handleApply}>
          {t('common:ui.richText.linkApply')}
        </Button>
        {active ? (
          <Button size="small" danger onClick={handleRemove}>
            {t('common:ui.richText.linkRemove')}
          </Button>
        ) : null}
        <Button size="small" onClick={handleCancel}>
          {t('common:actions.cancel')}
        </Button>
      </Space>
    </Space>
  );
}
