import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { usePreselectedAccount } from '../hooks/use-preselected-account';
import { LinkedinAccountSelect } from './linkedin-account-select';

export type StartImportModalProps = {
  /** The import's file name, in the title. */
  fileName: string | null;
  starting: boolean;
  onStart: (accountId: number) => void;
  onClose: () => void;
};

/** Chooses the account that reads an uploaded (or stopped) import's profiles. */
export function StartImportModal({ fileName, starting, onStart, onClose }: StartImportModalProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<{ accountId: number }>();
  usePreselectedAccount(form);
  return (
    <Modal
      open={fileName !== null}
      title={t('linkedin.imports.startTitle', { fileName })}
      okText={t('linkedin.imports.startOk')}
      confirmLoading={starting}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => onStart(values.accountId)}>
        <Form.Item name="accountId" label={t('linkedin.account')} rules={[{ required: true, message: t('linkedin.accountRequired') }]}>
          <LinkedinAccountSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}
