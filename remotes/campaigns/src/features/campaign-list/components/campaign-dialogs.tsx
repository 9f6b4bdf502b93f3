import { useState } from 'react';
import { Alert, Checkbox, Input, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CAMPAIGN_TITLE_MAX, type CampaignFolder, type CampaignListItem } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type DeleteCampaignDialogProps = {
  campaign: CampaignListItem | null;
  deleting: boolean;
  onCancel(): void;
  onConfirm(campaign: CampaignListItem): void;
};

/**
 * Deleting says what happens to mail: what the campaign queued and has not sent is cancelled
 * (never sent), what it sent stays sent; a running campaign stops for every recipient.
 */
export function DeleteCampaignDialog({ campaign, deleting, onCancel, onConfirm }: DeleteCampaignDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const running = campaign?.status === 'active' || campaign?.status === 'pause';
  return (
    <Modal
      open={campaign !== null}
      title={t('list.delete.title', { title: campaign?.title ?? '' })}
      okText={t('list.delete.confirm')}
      okButtonProps={{ danger: true, loading: deleting }}
      cancelText={t('list.cancel')}
      onOk={() => campaign && onConfirm(campaign)}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('list.delete.scheduledMail')}</Typography.Paragraph>
      <Typography.Paragraph>{t('list.delete.sentMail')}</Typography.Paragraph>
      {running ? <Alert type="warning" showIcon title={t('list.delete.running')} /> : null}
    </Modal>
  );
}

export type CopyCampaignDialogProps = {
  campaign: CampaignListItem | null;
  copying: boolean;
  onCancel(): void;
  onConfirm(campaign: CampaignListItem, withAttachments: boolean): void;
};

/** A copy is a new campaign (status new) with the settings and sequence; attachments only if asked. */
export function CopyCampaignDialog({ campaign, copying, onCancel, onConfirm }: CopyCampaignDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [withAttachments, setWithAttachments] = useState(false);
  return (
    <Modal
      open={campaign !== null}
      title={t('list.copy.title', { title: campaign?.title ?? '' })}
      okText={t('list.copy.confirm')}
      okButtonProps={{ loading: copying }}
      cancelText={t('list.cancel')}
      onOk={() => campaign && onConfirm(campaign, withAttachments)}
      onCancel={onCancel}
      afterClose={() => setWithAttachments(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('list.copy.description')}</Typography.Paragraph>
      <Checkbox checked={withAttachments} onChange={(event) => setWithAttachments(event.target.checked)}>
        {t('list.copy.withAttachments')}
      </Checkbox>
    </Modal>
  );
}

export type MoveToFolderDialogProps = {
  campaign: CampaignListItem | null;
  folders: readonly CampaignFolder[];
  moving: boolean;
  onCancel(): void;
  onConfirm(campaign: CampaignListItem, folder: number | null): void;
};

/** Files a campaign in a folder, or in none. */
export function MoveToFolderDialog({ campaign, folders, moving, onCancel, onConfirm }: MoveToFolderDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [folder, setFolder] = useState<number>(0);
  return (
    <Modal
      open={campaign !== null}
      title={t('list.move.title', { title: campaign?.title ?? '' })}
      okText={t('list.move.confirm')}
      okButtonProps={{ loading: moving }}
      cancelText={t('list.cancel')}
      onOk={() => campaign && onConfirm(campaign, folder === 0 ? null : folder)}
      onCancel={onCancel}
      afterOpenChange={(open) => open && setFolder(campaign?.folder ?? 0)}
      destroyOnHidden
    >
      <Select
        aria-label={t('list.move.folder')}
        style={{ width: '100%' }}
        value={folder}
        onChange={setFolder}
        options={[{ value: 0, label: t('list.folders.none') }, ...folders.map((item) => ({ value: item.id, label: item.name }))]}
      />
    </Modal>
  );
}

export type NewCampaignDialogProps = {
  open: boolean;
  creating: boolean;
  onCancel(): void;
  onConfirm(title: string): void;
};

/** "New campaign" asks for a title, creates the campaign (status new) and the wizard opens on it. */
export function NewCampaignDialog({ open, creating, onCancel, onConfirm }: NewCampaignDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const [title, setTitle] = useState('');
  const trimmed = title.trim();
  const handleOk = () => trimmed.length > 0 && onConfirm(trimmed);
  return (
    <Modal
      open={open}
      title={t('list.create.title')}
      okText={t('list.create.confirm')}
      okButtonProps={{ disabled: trimmed.length === 0, loading: creating }}
      cancelText={t('list.cancel')}
      onOk={handleOk}
      onCancel={onCancel}
      afterClose={() => setTitle('')}
      destroyOnHidden
    >
      <Input
        autoFocus
        aria-label={t('list.create.name')}
        placeholder={t('list.create.name')}
        maxLength={CAMPAIGN_TITLE_MAX}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        onPressEnter={handleOk}
      />
    </Modal>
  );
}
