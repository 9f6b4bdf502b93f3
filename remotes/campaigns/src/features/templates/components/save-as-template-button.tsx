import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import SaveOutlined from '@ant-design/icons/es/icons/SaveOutlined';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_NAME_MAX, templateSaveError } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useAddTemplate } from '../api/add-template';
import { useListTemplateCategories } from '../api/list-template-categories';

export type SaveAsTemplateButtonProps = {
  subject: string;
  body: string;
  plainTextMode: boolean;
};

type SaveAsValues = { templateName: string; categoryId: number };

/**
 * Saves the email being written as a new template (name and category asked in a dialog). An
 * email without a subject or body cannot be saved: the dialog says so instead of sending it.
 */
export function SaveAsTemplateButton({ subject, body, plainTextMode }: SaveAsTemplateButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<SaveAsValues>();
  const categories = useListTemplateCategories();
  const add = useAddTemplate();
  const empty = templateSaveError({ subject, body }) !== null;

  const handleFinish = ({ templateName, categoryId }: SaveAsValues) =>
    add.mutate(
      { body: { templateName, categoryId: categoryId || null, templateData: { subject, body, plainTextMode, isAiGenerated: false } } },
      {
        onSuccess: ({ template }) => {
          toast.success(t('library.templates.toasts.saved', { name: template.templateName }));
          setOpen(false);
        },
        onError: (error) => showError(error),
      },
    );

  return (
    <>
      <Button icon={<SaveOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('library.saveAs.open')}
      </Button>
      <Modal
        open={open}
        title={t('library.saveAs.title')}
        okText={t('common:actions.save')}
        cancelText={t('common:actions.cancel')}
        okButtonProps={{ disabled: empty, loading: add.isPending }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {empty ? (
          <Alert type="warning" showIcon role="alert" title={t('errors:save_template_empty_data.title')} description={t('errors:save_template_empty_data.description')} />
        ) : (
          <Form<SaveAsValues> form={form} name="save-as-template" layout="vertical" initialValues={{ templateName: subject.trim().slice(0, TEMPLATE_NAME_MAX), categoryId: 0 }} onFinish={handleFinish}>
            <Form.Item name="templateName" label={t('library.templates.fields.name')} rules={[{ required: true, whitespace: true, message: t('library.required') }]}>
              <Input maxLength={TEMPLATE_NAME_MAX} />
            </Form.Item>
            <Form.Item name="categoryId" label={t('library.templates.fields.category')}>
              <Select
                options={[
                  { value: 0, label: t('library.templates.noCategory') },
                  ...(categories.data?.items ?? []).map((category) => ({ value: category.id, label: category.name })),
                ]}
              />
            </Form.Item>
          </Form>
        )}
      </Modal>
    </>
  );
}
