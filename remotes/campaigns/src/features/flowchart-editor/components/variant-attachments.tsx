import { useRef, useState } from 'react';
import { Alert, Button, Flex, Typography, Upload, type UploadFile, type UploadProps } from 'antd';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import PaperClipOutlined from '@ant-design/icons/es/icons/PaperClipOutlined';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { EMAIL_ATTACHMENT_LIMITS, attachmentsWithinLimits, type Attachment } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useDeleteEmailAttachment } from '../api/delete-email-attachment';
import { emailAttachmentUrl, uploadEmailAttachment } from '../api/upload-email-attachment';
import { formatSize } from '../utils/format-size';

export type VariantAttachmentsProps = {
  /** The saved campaign; files cannot be attached before it exists. */
  campaignId: number | undefined;
  blockId: string;
  variantIndex: number;
  attachments: readonly Attachment[];
  disabled: boolean;
  onChange(attachments: Attachment[]): void;
};

/**
 * A variant's attachments: the files on it (download, remove) and an upload area (drag or click)
 * with each file's progress. A file the limits refuse (10 MB a file, 25 MB and 10 files an email)
 * is refused before it leaves, with the catalogue's message; the server checks the same again.
 */
export function VariantAttachments({ campaignId, blockId, variantIndex, attachments, disabled, onChange }: VariantAttachmentsProps) {
  const { t } = useTranslation(NAMESPACE);
  const [uploads, setUploads] = useState<UploadFile[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const remove = useDeleteEmailAttachment();
  // Uploads finishing together each add to what the one before left, not to a stale render's list.
  const current = useRef<readonly Attachment[]>(attachments);
  current.current = attachments;
  // An upload answers after later renders: it reports through the latest onChange (the variant's latest text).
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  const pendingSizes = useRef(new Map<string, number>());

  // The catalogue's message in the current language (the key outlives a language change).
  const errorText = (error: unknown) => t(`errors:${isApiError(error) ? error.key : 'something_went_wrong'}.description`);

  const commit = (next: Attachment[]) => {
    current.current = next;
    latestOnChange.current(next);
  };

  const handleBeforeUpload: UploadProps['beforeUpload'] = (file) => {
    const sizes = [...current.current.map((item) => item.size), ...pendingSizes.current.values(), file.size];
    const refused = attachmentsWithinLimits(sizes);
    if (refused) {
      setRefusal(`${file.name}: ${t(`errors:${refused}.description`)}`);
      return Upload.LIST_IGNORE;
    }
    setRefusal(null);
    pendingSizes.current.set(file.uid, file.size);
    return true;
  };

  const handleRequest: UploadProps['customRequest'] = ({ file, onProgress, onSuccess, onError }) => {
    const upload = file as File & { uid: string };
    if (campaignId === undefined) return;
    uploadEmailAttachment({ campaignId, blockId, variant: variantIndex }, upload, { onProgress: (percent) => onProgress?.({ percent }) })
      .then((answer) => {
        pendingSizes.current.delete(upload.uid);
        commit([...current.current, ...answer.attachments.map(({ id, fileName, size, mimeType }) => ({ id, fileName, size, mimeType }))]);
        onSuccess?.(answer);
      })
      .catch((error: unknown) => {
        pendingSizes.current.delete(upload.uid);
        const message = errorText(error);
        setRefusal(`${t('editor.email.uploadFailed', { name: upload.name })}: ${message}`);
        onError?.(error instanceof Error ? error : new Error(message), isApiError(error) ? error.errors : undefined);
      });
  };

  const handleUploadChange: UploadProps['onChange'] = ({ fileList }) =>
    // Finished files are the variant's attachments (listed above); the list keeps the ones on their way and the failed.
    setUploads(fileList.filter((item) => item.status !== 'done'));

  const handleRemove = (attachment: Attachment) =>
    remove.mutate(
      { params: { id: attachment.id } },
      {
        onSettled: (_data, error) => {
          // Gone already (removed elsewhere) is removed all the same.
          if (!error || (isApiError(error) && error.hasKey('not_found'))) commit(current.current.filter((item) => item.id !== attachment.id));
          else setRefusal(errorText(error));
        },
      },
    );

  return (
    <Flex vertical gap={8}>
      {attachments.length === 0 ? <Typography.Text type="secondary">{t('editor.email.noAttachments')}</Typography.Text> : null}
      {attachments.length > 0 ? (
        <Flex vertical gap={4} role="list">
          {attachments.map((attachment) => (
            <Flex key={attachment.id} role="listitem" align="center" justify="space-between" gap={8}>
              <span>
                <PaperClipOutlined />{' '}
                <Typography.Link href={emailAttachmentUrl(attachment.id)} download={attachment.fileName}>
                  {attachment.fileName}
                </Typography.Link>{' '}
                <Typography.Text type="secondary">({formatSize(attachment.size)})</Typography.Text>
              </span>
              {disabled ? null : (
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('editor.email.removeAttachment', { name: attachment.fileName })}
                  loading={remove.isPending && remove.variables?.params.id === attachment.id}
                  onClick={() => handleRemove(attachment)}
                />
              )}
            </Flex>
          ))}
        </Flex>
      ) : null}
      {refusal ? <Alert type="error" showIcon title={refusal} closable onClose={() => setRefusal(null)} /> : null}
      {campaignId === undefined ? (
        <Typography.Text type="secondary">{t('editor.email.attachmentsSaveFirst')}</Typography.Text>
      ) : disabled ? null : (
        <Upload.Dragger
          multiple
          fileList={uploads}
          beforeUpload={handleBeforeUpload}
          customRequest={handleRequest}
          onChange={handleUploadChange}
          showUploadList={{ showRemoveIcon: true }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('editor.email.dropFiles')}</p>
          <p className="ant-upload-hint">
            {t('editor.email.attachmentsNote', {
              fileMax: formatSize(EMAIL_ATTACHMENT_LIMITS.fileBytesMax),
              emailMax: formatSize(EMAIL_ATTACHMENT_LIMITS.emailBytesMax),
            })}
          </p>
        </Upload.Dragger>
      )}
    </Flex>
  );
}
