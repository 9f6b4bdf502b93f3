import { useState } from 'react';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import { Alert, Input, Table, Tabs, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../i18n';
import type { ParsedRows, RowError } from '../utils/csv';

/** Errors listed under the input; more would only bury the count. */
const ERRORS_SHOWN = 50;
const FILE_SIZE_LIMIT_BYTES = 10 * 1024 * 1024;

export type RowsInputProps<T> = {
  /** Turns pasted text or file contents into rows and per-row errors. */
  parse: (text: string) => ParsedRows<T>;
  /** Called with the accepted rows after each paste or upload. */
  onChange: (parsed: ParsedRows<T>) => void;
  /** The hint under the paste box (which columns are expected). */
  hint: string;
  placeholder?: string;
};

/** Paste or upload a CSV; each rejected row is listed with its line and why. */
export function RowsInput<T>({ parse, onChange, hint, placeholder }: RowsInputProps<T>) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<ParsedRows<T> | null>(null);
  const [fileError, setFileError] = useState(false);

  const apply = (value: string) => {
    const next = parse(value);
    setParsed(next);
    onChange(next);
  };
  const handlePaste = (value: string) => {
    setText(value);
    apply(value);
  };
  const handleFile = async (file: File) => {
    setFileError(file.size > FILE_SIZE_LIMIT_BYTES);
    if (file.size <= FILE_SIZE_LIMIT_BYTES) {
      const content = await file.text();
      setText(content);
      apply(content);
    }
    return false;
  };

  return (
    <div>
      <Tabs
        items={[
          {
            key: 'paste',
            label: t('rows.paste'),
            children: (
              <Input.TextArea
                aria-label={t('rows.paste')}
                rows={6}
                value={text}
                placeholder={placeholder}
                onChange={(event) => handlePaste(event.target.value)}
              />
            ),
          },
          {
            key: 'upload',
            label: t('rows.upload'),
            children: (
              <Upload.Dragger accept=".csv,.txt,text/csv,text/plain" maxCount={1} showUploadList beforeUpload={handleFile}>
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">{t('rows.dropHint')}</p>
              </Upload.Dragger>
            ),
          },
        ]}
      />
      <Typography.Text type="secondary">{hint}</Typography.Text>
      {fileError ? <Alert type="error" showIcon title={t('rows.fileTooLarge')} style={{ marginTop: 8 }} /> : null}
      {parsed ? (
        <div style={{ marginTop: 8 }}>
          <Typography.Text data-testid="rows-summary">
            {t('rows.summary', { count: parsed.rows.length, rejected: parsed.errors.length })}
          </Typography.Text>
          {parsed.errors.length > 0 ? <RowErrorsTable errors={parsed.errors} /> : null}
        </div>
      ) : null}
    </div>
  );
}

export type RowErrorsTableProps = { errors: RowError[] };

export function RowErrorsTable({ errors }: RowErrorsTableProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Table<RowError>
      scroll={{ x: 'max-content' }}
      size="small"
      style={{ marginTop: 8 }}
      rowKey="line"
      pagination={false}
      caption={t('rows.errorsCaption')}
      dataSource={errors.slice(0, ERRORS_SHOWN)}
      columns={[
        { title: t('rows.line'), dataIndex: 'line', width: 80 },
        { title: t('rows.value'), dataIndex: 'value' },
        { title: t('rows.reason'), dataIndex: 'reason', render: (reason: RowError['reason']) => t(`rows.reasons.${reason}`) },
      ]}
    />
  );
}
