import { useEffect, useState } from 'react';
import { Form, Modal, Segmented, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useAddRecipients } from '../api/add-recipients';
import { PICK_PROSPECTS_PAGE_SIZE, useListListProspects } from '../api/list-list-prospects';
import { useListTeamProspectLists } from '../api/list-team-prospect-lists';

export type AddRecipientsDialogProps = {
  campaignId: number;
  open: boolean;
  onClose: () => void;
};

type Mode = 'list' | 'prospects';

/**
 * Adds recipients to a launched campaign: a whole prospect list, or prospects picked from one.
 * They start at the beginning of the sequence; the server skips those already in it, on the
 * no-send list, or without an address or profile to reach (and says how many).
 */
export function AddRecipientsDialog({ campaignId, open, onClose }: AddRecipientsDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const [mode, setMode] = useState<Mode>('list');
  const [listId, setListId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<number[]>([]);
  const lists = useListTeamProspectLists(open);
  const prospects = useListListProspects(open && mode === 'prospects' ? listId : null, page);
  const add = useAddRecipients();

  useEffect(() => {
    if (open) {
      setMode('list');
      setListId(null);
      setPage(1);
      setPicked([]);
    }
  }, [open]);

  const canSubmit = mode === 'list' ? listId !== null : picked.length > 0;
  const handleOk = () => {
    if (!canSubmit) return;
    add.mutate(
      { body: mode === 'list' ? { campaignId, listId: listId! } : { campaignId, prospectIds: picked } },
      {
        onSuccess: (result) => {
          toast.success(t('campaignPage.add.done', { added: result.added, skipped: result.skipped }));
          onClose();
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('campaignPage.add.title')}
      okText={t('campaignPage.add.submit')}
      cancelText={t('campaignPage.common.cancel')}
      okButtonProps={{ disabled: !canSubmit }}
      confirmLoading={add.isPending}
      onOk={handleOk}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('campaignPage.add.help')}</Typography.Paragraph>
      <Segmented
        value={mode}
        onChange={(value) => setMode(value as Mode)}
        options={[
          { value: 'list', label: t('campaignPage.add.wholeList') },
          { value: 'prospects', label: t('campaignPage.add.pickProspects') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Form layout="vertical">
        <Form.Item label={t('campaignPage.add.list')}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={lists.isPending}
            value={listId ?? undefined}
            onChange={(value: number) => {
              setListId(value);
              setPage(1);
              setPicked([]);
            }}
            options={(lists.data?.items ?? []).map((list) => ({
              value: list.id,
              label: t('campaignPage.add.listOption', { name: list.name, count: list.contacts, owner: list.owner.name }),
            }))}
            data-testid="add-recipients-list"
          />
        </Form.Item>
      </Form>
      {mode === 'prospects' && listId !== null ? (
        <Table
          size="small"
          rowKey="id"
          loading={prospects.isFetching}
          dataSource={prospects.data?.contacts ?? []}
          rowSelection={{ selectedRowKeys: picked, preserveSelectedRowKeys: true, onChange: (keys) => setPicked(keys.map(Number)) }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('campaignPage.columns.prospect') },
            {
              key: 'email',
              title: t('campaignPage.columns.email_address'),
              render: (_: unknown, row) => row.emails[0]?.email ?? '—',
            },
          ]}
          pagination={{
            current: page,
            pageSize: PICK_PROSPECTS_PAGE_SIZE,
            total: prospects.data?.prospectsCount ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          footer={() => t('campaignPage.add.picked', { count: picked.length })}
        />
      ) : null}
    </Modal>
  );
}
