import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { TEMPLATE_CATEGORY_NAME_MAX, type TemplateCategoryItem } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useAddTemplateCategory } from '../api/add-template-category';
import { useEditTemplateCategory } from '../api/edit-template-category';

/** A new category, or the one to rename. */
export type CategoryDialogTarget = { kind: 'new' } | { kind: 'rename'; category: TemplateCategoryItem };

export type CategoryNameDialogProps = {
  /** null keeps the dialog closed. */
  target: CategoryDialogTarget | null;
  onClose: () => void;
  /** The saved category (e.g. to select it). */
  onSaved?: (category: TemplateCategoryItem) => void;
};

/** Adds or renames a template category; a name the caller already uses is refused on the field. */
export function CategoryNameDialog({ target, onClose, onSaved }: CategoryNameDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [form] = Form.useForm<{ name: string }>();
  const add = useAddTemplateCategory();
  const rename = useEditTemplateCategory();

  const handleFinish = async ({ name }: { name: string }) => {
    try {
      const { category } =
        target?.kind === 'rename' ? await rename.mutateAsync({ body: { id: target.category.id, name } }) : await add.mutateAsync({ body: { name } });
      toast.success(t('library.categories.toasts.saved', { name: category.name }));
      onSaved?.(category);
      onClose();
    } catch (error) {
      const item = isApiError(error) ? error.errors.find((entry) => entry.field === 'name') : undefined;
      if (item) form.setFields([{ name: 'name', errors: [t(`errors:${item.key}.description`)] }]);
      else showError(error);
    }
  };

  return (
    <Modal
      open={target !== null}
      title={target?.kind === 'rename' ? t('library.categories.renameTitle', { name: target.category.name }) : t('library.categories.newTitle')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      okButtonProps={{ loading: add.isPending || rename.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target ? (
        <Form
          form={form}
          name="template-category"
          layout="vertical"
          initialValues={{ name: target.kind === 'rename' ? target.category.name : '' }}
          onFinish={(values) => void handleFinish(values)}
        >
          <Form.Item name="name" label={t('library.categories.name')} rules={[{ required: true, whitespace: true, message: t('library.required') }]}>
            <Input maxLength={TEMPLATE_CATEGORY_NAME_MAX} autoFocus />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}
