import { useState } from 'react';
import { Button, Flex, Input, Tag, Tooltip, Typography } from 'antd';
import PushpinFilled from '@ant-design/icons/es/icons/PushpinFilled';
import PushpinOutlined from '@ant-design/icons/es/icons/PushpinOutlined';
import { useTranslation } from 'react-i18next';
import { PINNED_NOTES_LIMIT_DEFAULT, type ProspectNote } from '@leadforge/contracts';
import { EmptyState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { PlainList } from '../../../components/plain-list';

export type NotesPanelProps = {
  notes: ProspectNote[];
  /** From notes/pinned; the default 5 applies until it is known (document 2 §9). */
  pinnedLimit?: number;
  editable: boolean;
  busy: boolean;
  onAdd: (noteText: string) => void;
  onPin: (note: ProspectNote) => void;
  onUnpin: (note: ProspectNote) => void;
  onDelete: (note: ProspectNote) => void;
};

/** Notes of a prospect, pinned first; pinning stops at the pinned-notes limit. */
export function NotesPanel({ notes, pinnedLimit = PINNED_NOTES_LIMIT_DEFAULT, editable, busy, onAdd, onPin, onUnpin, onDelete }: NotesPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const pinnedCount = notes.filter((note) => note.pinned).length;
  const atLimit = pinnedCount >= pinnedLimit;
  const ordered = [...notes].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.createdAt.localeCompare(a.createdAt));
  const handleAdd = () => {
    if (!text.trim()) return;
    onAdd(text.trim());
    setText('');
  };
  return (
    <Flex vertical gap={12}>
      {editable ? (
        <Flex vertical gap={8}>
          <Input.TextArea aria-label={t('notes.new')} placeholder={t('notes.new')} value={text} autoSize={{ minRows: 2 }} onChange={(event) => setText(event.target.value)} />
          <div>
            <Button type="primary" loading={busy} disabled={!text.trim()} onClick={handleAdd}>
              {t('notes.add')}
            </Button>
          </div>
        </Flex>
      ) : null}
      <Typography.Text type="secondary">{t('notes.pinnedCount', { count: pinnedCount, limit: pinnedLimit })}</Typography.Text>
      {ordered.length === 0 ? (
        <EmptyState title={t('notes.empty')} />
      ) : (
        <PlainList
          items={ordered}
          itemKey={(note) => note.id}
          renderActions={(note) =>
                editable
                  ? [
                      note.pinned ? (
                        <Button key="unpin" type="text" icon={<PushpinFilled />} onClick={() => onUnpin(note)}>
                          {t('notes.unpin')}
                        </Button>
                      ) : (
                        <Tooltip key="pin" title={atLimit ? t('notes.limitReached', { limit: pinnedLimit }) : undefined}>
                          <Button type="text" icon={<PushpinOutlined />} disabled={atLimit} onClick={() => onPin(note)}>
                            {t('notes.pin')}
                          </Button>
                        </Tooltip>
                      ),
                      <Button key="delete" type="text" danger onClick={() => onDelete(note)}>
                        {t('actions.delete')}
                      </Button>,
                    ]
                  : null
          }
          renderItem={(note) => (
            <Flex vertical gap={4} data-testid={`note-${note.id}`}>
              {note.pinned ? <Tag color="gold">{t('notes.pinned')}</Tag> : null}
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{note.noteText}</Typography.Paragraph>
            </Flex>
          )}
        />
      )}
    </Flex>
  );
}
