import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import {
  EMAIL_SUBJECT_MAX,
  TEMPLATE_NAME_MAX,
  templateSaveError,
  type EmailTemplateItem,
  type TemplateCategoryItem,
} from '@leadforge/contracts';
import { useApiErrorModal, useIsPhone, useToast } from '@leadforge/ui';
import { RichTextEditor } from '@leadforge/ui/rich-text';
import { NAMESPACE } from '../../../i18n';
import { useAddTemplate } from '../api/add-template';
import { useEditTemplate } from '../api/edit-template';
import { htmlToPlainText, plainTextToHtml } from '../utils/body-mode';

export type TemplateEditorValues = {
  templateName: string;
  categoryId: number | null;
  plainTextMode: boolean;
  subject: string;
  body: string;
};

/** What the drawer edits: a saved template, or a new one (optionally pre-filled, e.g. in a category). */
export type TemplateEditorTarget = { kind: 'edit'; template: EmailTemplateItem } | { kind: 'new'; initial?: Partial<TemplateEditorValues> };

export type TemplateEditorDrawerProps = {
  /** null keeps the drawer closed. */
  target: TemplateEditorTarget | null;
  categories: readonly TemplateCategoryItem[];
  onClose: () => void;
};

const FIELD_OF: Record<string, keyof TemplateEditorValues> = {
  templateName: 'templateName',
  categoryId: 'categoryId',
  'templateData.subject': 'subject',
  'templateData.body': 'body',
};

function initialValues(target: TemplateEditorTarget | null): TemplateEditorValues {
  if (target?.kind === 'edit') {
    const { template } = target;
    return {
      templateName: template.templateName,
      categoryId: template.categoryId,
      plainTextMode: template.templateData.plainTextMode,
      subject: template.templateData.subject,
      body: template.templateData.body,
    };
  }
  return { templateName: '', categoryId: null, plainTextMode: false, subject: '', body: '', ...target?.initial };
}

/**
 * Adding or editing a template: name, category, subject and body (rich text, or plain text in
 * plain-text mode). An empty subject or body is refused before anything is sent, with the
 * message of `save_template_empty_data` on the field (document 2 §8 "local 422"); the server
 * applies the same rule after sanitising and its refusal lands on the same fields.
 */
export function TemplateEditorDrawer({ target, categories, onClose }: TemplateEditorDrawerProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const isPhone = useIsPhone();
  const [form] = Form.useForm<TemplateEditorValues>();
  const plainTextMode = Form.useWatch('plainTextMode', form) ?? initialValues(target).plainTextMode;
  const add = useAddTemplate();
  const edit = useEditTemplate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const saving = add.isPending || edit.isPending;

  const handleModeChange = (plain: boolean) => {
    const body = (form.getFieldValue('body') as string | undefined) ?? '';
    form.setFieldsValue({ plainTextMode: plain, body: plain ? htmlToPlainText(body) : plainTextToHtml(body) });
  };

  /** The local check of `save_template_empty_data`: its message on each empty field. */
  const markEmpty = (values: TemplateEditorValues): boolean => {
    if (!templateSaveError(values)) return false;
    const message = t('errors:save_template_empty_data.description');
    const empty: { name: 'subject' | 'body'; errors: string[] }[] = [];
    if (values.subject.trim() === '') empty.push({ name: 'subject', errors: [message] });
    if (templateSaveError({ subject: '-', body: values.body })) empty.push({ name: 'body', errors: [message] });
    setRefusal(t('errors:save_template_empty_data.title'));
    form.setFields(empty);
    return true;
  };

  const handleFinish = async (values: TemplateEditorValues) => {
    setRefusal(null);
    if (markEmpty(values)) return;
    const body = {
      templateName: values.templateName,
      categoryId: values.categoryId ?? null,
      templateData: { subject: values.subject, body: values.body, plainTextMode: values.plainTextMode, isAiGenerated: false },
    };
    try {
      if (target?.kind === 'edit') await edit.mutateAsync({ body: { ...body, templateId: target.template.templateId } });
      else await add.mutateAsync({ body });
      toast.success(t('library.templates.toasts.saved', { name: values.templateName }));
      onClose();
    } catch (error) {
      const items = isApiError(error) ? error.errors.filter((item) => item.field && FIELD_OF[item.field]) : [];
      if (items.length === 0) {
        showError(error);
        return;
      }
      if (items.some((item) => item.key === 'save_template_empty_data')) setRefusal(items[0]!.title);
      form.setFields(items.map((item) => ({ name: FIELD_OF[item.field!]!, errors: [t(`errors:${item.key}.description`)] })));
    }
  };

  const categoryOptions = [
    { value: 0, label: t('library.templates.noCategory') },
    ...categories.map((category) => ({ value: category.id, label: category.name })),
  ];

  return (
    <Drawer
      open={target !== null}
      title={target?.kind === 'edit' ? t('library.templates.editTitle', { name: target.template.templateName }) : t('library.templates.newTitle')}
      size={isPhone ? 'default' : 'large'}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('common:actions.save')}
          </Button>
        </Flex>
      }
    >
      {target ? (
        <Form<TemplateEditorValues>
          form={form}
          name="template-editor"
          layout="vertical"
          initialValues={initialValues(target)}
          onFinish={(values) => void handleFinish({ ...values, categoryId: values.categoryId || null })}
          onValuesChange={() => setRefusal(null)}
        >
          {refusal ? <Alert type="error" showIcon role="alert" title={refusal} style={{ marginBottom: 16 }} /> : null}
          <Form.Item
            name="templateName"
            label={t('library.templates.fields.name')}
            rules={[{ required: true, whitespace: true, message: t('library.required') }]}
          >
            <Input maxLength={TEMPLATE_NAME_MAX} />
          </Form.Item>
          <Form.Item name="categoryId" label={t('library.templates.fields.category')} getValueProps={(value: number | null) => ({ value: value ?? 0 })}>
            <Select options={categoryOptions} />
          </Form.Item>
          <Form.Item name="plainTextMode" label={t('library.templates.fields.plainTextMode')} valuePropName="checked" extra={t('library.templates.plainTextHelp')}>
            <Switch onChange={handleModeChange} />
          </Form.Item>
          <Form.Item name="subject" label={t('library.templates.fields.subject')}>
            <Input maxLength={EMAIL_SUBJECT_MAX} />
          </Form.Item>
          <Form.Item name="body" label={t('library.templates.fields.body')}>
            {plainTextMode ? <Input.TextArea autoSize={{ minRows: 8 }} /> : <RichTextEditor minHeight={200} aria-label={t('library.templates.fields.body')} />}
          </Form.Item>
        </Form>
      ) : null}
    </Drawer>
  );
}
