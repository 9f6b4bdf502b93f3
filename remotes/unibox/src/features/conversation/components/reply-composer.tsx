import { useState } from 'react';
import { Alert, Button, Card, Flex, Input, Segmented, Select } from 'antd';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import { useTranslation } from 'react-i18next';
import { UNIBOX_SEND_MAX_RECIPIENTS, type UniboxMessageItem, type UniboxSendMode } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { RichTextEditor, appendToHtml, plainTextToHtml, variablePlaceholder } from '@leadforge/ui/rich-text';
import { NAMESPACE } from '../../../i18n';
import { ownerPart } from '../../owner/hooks/use-mailbox-owner';
import { useSendEmail } from '../api/send-email';
import { cleanAddresses, isBlankHtml, type SendFailure } from '../utils/send-failure';
import { ComposerTools } from './composer-tools';

export type ReplyComposerProps = {
  threadId: number;
  /** The message answered or forwarded: the latest incoming one (the server's default too). */
  answering: UniboxMessageItem | null;
  forUserId: number | undefined;
};

const MODES: readonly UniboxSendMode[] = ['reply', 'replyAll', 'forward'];

/** A new key per composed message: a double click or a retry after a lost answer sends it once. */
const newKey = () => crypto.randomUUID();

/** Reply, reply all or forward under the conversation; the sent message joins the thread above. */
export function ReplyComposer({ threadId, answering, forUserId }: ReplyComposerProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const send = useSendEmail();
  const [mode, setMode] = useState<UniboxSendMode>('reply');
  const [html, setHtml] = useState('');
  const [to, setTo] = useState<string[]>([]);
  const [cc, setCc] = useState<string[]>([]);
  const [subject, setSubject] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [failure, setFailure] = useState<SendFailure | null>(null);

  const forward = mode === 'forward';
  const blank = isBlankHtml(html);
  const canSend = !blank && (!forward || cleanAddresses(to).length > 0) && !send.isPending;

  const handleSend = () => {
    setFailure(null);
    send.mutate(
      {
        body: {
          ...ownerPart(forUserId),
          threadId,
          ...(answering ? { messageId: answering.id } : {}),
          mode,
          to: cleanAddresses(to),
          cc: cleanAddresses(cc),
          ...(subject.trim() ? { subject: subject.trim() } : {}),
          html,
          idempotencyKey,
        },
      },
      {
        onSuccess: (answer) => {
          if (answer.status === 'failed') {
            setFailure(answer);
            return;
          }
          toast.success(t('composer.queued'));
          setHtml('');
          setTo([]);
          setCc([]);
          setSubject('');
          setIdempotencyKey(newKey());
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Card size="small" title={t('composer.title')} data-testid="reply-composer">
      <Flex vertical gap={8}>
        <Segmented<UniboxSendMode>
          aria-label={t('composer.mode')}
          value={mode}
          options={MODES.map((value) => ({ value, label: t(`composer.modes.${value}`) }))}
          onChange={setMode}
        />
        {forward ? (
          <Select
            mode="tags"
            aria-label={t('composer.to')}
            placeholder={t('composer.to')}
            value={to}
            onChange={setTo}
            open={false}
            tokenSeparators={[',', ' ', ';']}
            maxCount={UNIBOX_SEND_MAX_RECIPIENTS}
          />
        ) : null}
        <Select
          mode="tags"
          aria-label={t('composer.cc')}
          placeholder={t('composer.cc')}
          value={cc}
          onChange={setCc}
          open={false}
          tokenSeparators={[',', ' ', ';']}
          maxCount={UNIBOX_SEND_MAX_RECIPIENTS}
        />
        <Input aria-label={t('composer.subject')} placeholder={t('composer.subjectPlaceholder')} value={subject} maxLength={998} onChange={(event) => setSubject(event.target.value)} />
        <ComposerTools
          disabled={send.isPending}
          onInsertVariable={(name) => setHtml((current) => appendToHtml(current, variablePlaceholder(name)))}
          onUseTemplate={(template) => {
            const { body, subject: templateSubject, plainTextMode } = template.templateData;
            setHtml(plainTextMode ? plainTextToHtml(body) : body);
            // A reply keeps the conversation's subject; a forward may take the template's.
            if (forward && !subject.trim()) setSubject(templateSubject);
          }}
        />
        <RichTextEditor aria-label={t('composer.body')} value={html} onChange={setHtml} minHeight={120} />
        {failure ? <SendFailureAlert failure={failure} /> : null}
        <Flex justify="flex-end">
          <Button type="primary" icon={<SendOutlined aria-hidden />} loading={send.isPending} disabled={!canSend} onClick={handleSend}>
            {t(`composer.send.${mode}`)}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** Why the server refused to send, in the user's words: the document 2 failure fields, each translated. */
function SendFailureAlert({ failure }: { failure: SendFailure }) {
  const { t } = useTranslation(NAMESPACE);
  const lines: string[] = [];
  if (failure.isRecipientsExceeded) lines.push(t('composer.failure.recipientsExceeded', { max: UNIBOX_SEND_MAX_RECIPIENTS }));
  if (failure.isMailProviderError) lines.push(t('composer.failure.mailProvider'));
  for (const error of failure.errors) {
    const text = t(`errors:${error.key}.description`, { defaultValue: t('composer.failure.unknownKey') });
    lines.push(error.field ? t('composer.failure.field', { field: error.field, text }) : text);
  }
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('composer.failure.title')}
      description={
        <Flex vertical gap={4}>
          {lines.map((line, index) => (
            <span key={index}>{line}</span>
          ))}
          {failure.message ? <span>{t('composer.failure.serverSaid', { message: failure.message })}</span> : null}
        </Flex>
      }
    />
  );
}
