import { useRef, useState, type ReactNode } from 'react';
import { Flex, Form, Input, Switch, Tabs, type InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_TEXT_MAX, EMAIL_SUBJECT_MAX, withText, type EmailVariant } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { emptyVariant } from '../utils/block-factories';
import { RichTextEditor, appendToHtml, htmlToPlainText, insertAt, plainTextToHtml, variablePlaceholder } from '@leadforge/ui/rich-text';
import { variantLetter } from '../utils/variant-letter';
import type { BlockEditorProps } from './block-editor-props';
import { VariableMenu } from './variable-menu';
import { VariantAttachments } from './variant-attachments';

/** The contract's bound on variants per email block. */
const VARIANTS_MAX = 10;

export type EmailContent = { subject: string; body: string; plainTextMode: boolean };

export type EmailSlots = {
  /** The saved campaign the files of its variants are attached to. */
  campaignId?: number | undefined;
  renderTemplatePicker?(apply: (template: EmailContent) => void): ReactNode;
  renderSaveTemplate?(email: EmailContent): ReactNode;
};

export type EmailBlockEditorProps = BlockEditorProps<'email'> &
  EmailSlots & {
    knownVariables: readonly string[];
  };

/** Variants A, B, … as tabs; the open variant's subject, body, variables and attachments below. */
export function EmailBlockEditor({ block, onChange, disabled, knownVariables, campaignId, renderTemplatePicker, renderSaveTemplate }: EmailBlockEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const [active, setActive] = useState(0);
  const index = Math.min(active, block.emails.length - 1);
  const variant = block.emails[index] as EmailVariant;

  const handleVariant = (next: EmailVariant) =>
    onChange({ ...block, emails: block.emails.map((current, position) => (position === index ? next : current)) });
  const handleEdit = (target: unknown, action: 'add' | 'remove') => {
    if (action === 'add') {
      if (block.emails.length >= VARIANTS_MAX) return;
      // A new variant is written the way the open one is (rich or plain text).
      onChange({ ...block, emails: [...block.emails, { ...emptyVariant(), plainTextMode: variant.plainTextMode }] });
      setActive(block.emails.length);
      return;
    }
    const removed = Number(target);
    if (block.emails.length <= 1 || !Number.isInteger(removed)) return;
    onChange({ ...block, emails: block.emails.filter((_, position) => position !== removed) });
    setActive((current) => (current >= removed ? Math.max(0, current - 1) : current));
  };

  return (
    <Flex vertical gap={8}>
      <Tabs
        type="editable-card"
        size="small"
        activeKey={String(index)}
        onChange={(key) => setActive(Number(key))}
        onEdit={(target, action) => handleEdit(typeof target === 'string' ? target : null, action)}
        hideAdd={disabled || block.emails.length >= VARIANTS_MAX}
        locale={{ addAriaLabel: t('editor.email.addVariant'), removeAriaLabel: t('editor.email.removeVariant') }}
        items={block.emails.map((_, position) => ({
          key: String(position),
          label: t('editor.email.variant', { letter: variantLetter(position) }),
          closable: !disabled && block.emails.length > 1,
        }))}
      />
      <VariantEditor
        // A fresh form per variant: caret memory and the rich editor's document belong to one variant.
        key={`${block.id}-${index}`}
        variant={variant}
        campaignId={campaignId}
        blockId={block.id}
        variantIndex={index}
        disabled={disabled}
        knownVariables={knownVariables}
        onChange={handleVariant}
        renderTemplatePicker={renderTemplatePicker}
        renderSaveTemplate={renderSaveTemplate}
      />
    </Flex>
  );
}

type VariantEditorProps = EmailSlots & {
  variant: EmailVariant;
  blockId: string;
  variantIndex: number;
  disabled: boolean;
  knownVariables: readonly string[];
  onChange(variant: EmailVariant): void;
};

function VariantEditor({ variant, campaignId, blockId, variantIndex, disabled, knownVariables, onChange, renderTemplatePicker, renderSaveTemplate }: VariantEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const subjectRef = useRef<InputRef>(null);
  const bodyRef = useRef<TextAreaRef>(null);
  // Where "insert variable" writes: the field the user was last in.
  const lastField = useRef<'subject' | 'body'>('body');

  const update = (text: Partial<Pick<EmailVariant, 'subject' | 'content' | 'plainTextMode'>>) => onChange(withText(variant, text, knownVariables));

  const placeCaret = (element: HTMLInputElement | HTMLTextAreaElement | null | undefined, caret: number) => {
    // After React has written the new value into the field.
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(caret, caret);
    });
  };

  const handleInsert = (name: string) => {
    const placeholder = variablePlaceholder(name);
    if (lastField.current === 'subject') {
      const input = subjectRef.current?.input;
      const result = insertAt(variant.subject, placeholder, input?.selectionStart ?? null);
      update({ subject: result.text });
      placeCaret(input, result.caret);
    } else if (variant.plainTextMode) {
      const area = bodyRef.current?.resizableTextArea?.textArea;
      const result = insertAt(variant.content, placeholder, area?.selectionStart ?? null);
      update({ content: result.text });
      placeCaret(area, result.caret);
    } else {
      update({ content: appendToHtml(variant.content, placeholder) });
    }
  };

  const handlePlainText = (plainTextMode: boolean) =>
    update({ plainTextMode, content: plainTextMode ? htmlToPlainText(variant.content) : plainTextToHtml(variant.content) });

  const applyTemplate = (template: EmailContent) =>
    update({ subject: template.subject, content: template.body, plainTextMode: template.plainTextMode });

  return (
    <Form layout="vertical" component="div">
      <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
        {!disabled && renderTemplatePicker ? renderTemplatePicker(applyTemplate) : null}
        <VariableMenu knownVariables={knownVariables} disabled={disabled} onInsert={handleInsert} />
        <label style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
          <Switch size="small" checked={variant.plainTextMode} disabled={disabled} onChange={handlePlainText} />
          {t('editor.email.plainText')}
        </label>
        {renderSaveTemplate ? renderSaveTemplate({ subject: variant.subject, body: variant.content, plainTextMode: variant.plainTextMode }) : null}
      </Flex>
      <Form.Item label={t('editor.email.subject')} htmlFor="email-variant-subject">
        <Input
          id="email-variant-subject"
          ref={subjectRef}
          value={variant.subject}
          disabled={disabled}
          placeholder={t('editor.email.subjectPlaceholder')}
          count={{ show: true, max: EMAIL_SUBJECT_MAX }}
          onFocus={() => (lastField.current = 'subject')}
          onChange={(event) => update({ subject: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('editor.email.body')} htmlFor={variant.plainTextMode ? 'email-variant-body' : undefined} extra={t('editor.email.dynamicHelp', { max: DYNAMIC_TEXT_MAX })}>
        <div onFocus={() => (lastField.current = 'body')}>
          {variant.plainTextMode ? (
            <Input.TextArea
              id="email-variant-body"
              ref={bodyRef}
              value={variant.content}
              disabled={disabled}
              autoSize={{ minRows: 8, maxRows: 24 }}
              onChange={(event) => update({ content: event.target.value })}
            />
          ) : (
            <RichTextEditor aria-label={t('editor.email.body')} value={variant.content} disabled={disabled} minHeight={200} onChange={(content) => update({ content })} />
          )}
        </div>
      </Form.Item>
      <Form.Item label={t('editor.email.attachments')}>
        <VariantAttachments
          campaignId={campaignId}
          blockId={blockId}
          variantIndex={variantIndex}
          attachments={variant.attachments}
          disabled={disabled}
          onChange={(attachments) => onChange({ ...variant, attachments })}
        />
      </Form.Item>
    </Form>
  );
}
