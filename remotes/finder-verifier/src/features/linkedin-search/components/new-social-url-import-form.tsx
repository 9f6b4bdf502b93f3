import { useState } from 'react';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import { Button, Form, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { FINDER_LIMITS } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { usePreselectedAccount } from '../hooks/use-preselected-account';
import { LinkedinAccountSelect } from './linkedin-account-select';
import { ProspectListSelect } from './prospect-list-select';

export type SocialUrlImportValues = {
  fileName: string;
  csv: string;
  prospectsListId: number;
  accountId: number;
};

type FormValues = Pick<SocialUrlImportValues, 'prospectsListId' | 'accountId'>;
type ChosenFile = { name: string; text: string };

export type NewSocialUrlImportFormProps = { importing: boolean; onImport: (values: SocialUrlImportValues) => void };

/** A CSV of profile links, the list to fill and the account that reads the profiles. */
export function NewSocialUrlImportForm({ importing, onImport }: NewSocialUrlImportFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [form] = Form.useForm<FormValues>();
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileProblem, setFileProblem] = useState<'fileRequired' | 'fileTooLarge' | null>(null);
  usePreselectedAccount(form);

  const handleFile = async (chosen: File) => {
    // Read in the browser; the text goes with the form, not on drop.
    const text = await chosen.text();
    const fits = text.length <= FINDER_LIMITS.csvCharsMax;
    setFile(fits ? { name: chosen.name, text } : null);
    setFileProblem(fits ? null : 'fileTooLarge');
    return false;
  };
  const handleFinish = (values: FormValues) => {
    if (!file) {
      setFileProblem((problem) => problem ?? 'fileRequired');
      return;
    }
    onImport({ fileName: file.name, csv: file.text, ...values });
  };

  return (
    <Form<FormValues> form={form} layout="vertical" style={{ maxWidth: 640 }} onFinish={handleFinish}>
      <Form.Item
        required
        label={t('linkedin.imports.file')}
        extra={t('linkedin.imports.fileHint')}
        validateStatus={fileProblem ? 'error' : undefined}
        help={fileProblem ? t(`linkedin.imports.${fileProblem}`) : undefined}
      >
        <Upload.Dragger
          accept=".csv,.txt,text/csv,text/plain"
          maxCount={1}
          showUploadList
          beforeUpload={handleFile}
          onRemove={() => setFile(null)}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('rows.dropHint')}</p>
        </Upload.Dragger>
      </Form.Item>
      <Form.Item name="prospectsListId" label={t('addToList.list')} rules={[{ required: true, message: t('addToList.listRequired') }]}>
        <ProspectListSelect />
      </Form.Item>
      <Form.Item
        name="accountId"
        label={t('linkedin.account')}
        tooltip={t('linkedin.importAccountHint')}
        rules={[{ required: true, message: t('linkedin.accountRequired') }]}
      >
        <LinkedinAccountSelect />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('linkedin.imports.how')}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={importing}>
        {t('linkedin.imports.start')}
      </Button>
    </Form>
  );
}
