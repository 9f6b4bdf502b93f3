import { useState } from 'react';
import { Alert, Button, Card, Flex, Input } from 'antd';
import SendOutlined from '@ant-design/icons/es/icons/SendOutlined';
import { useTranslation } from 'react-i18next';
import { LINKEDIN_ACTION_LIMITS } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useSendLinkedinMessage } from '../api/send-linkedin-message';

export type LinkedinComposerProps = {
  linkedinAccountId: number;
  /** The other side's profile address: whom the answer goes to. */
  profileUrl: string;
};

const MAX_LENGTH = LINKEDIN_ACTION_LIMITS.message!.content;
/** A new key per composed message: a double click or a retry after a lost answer sends it once. */
const newKey = () => crypto.randomUUID();

/**
 * The answer under a LinkedIn conversation: plain text (LinkedIn messages carry no formatting),
 * queued on the conversation's account and sent by its runner within the account's limits and
 * working hours; until then the composer says it is queued.
 */
export function LinkedinComposer({ linkedinAccountId, profileUrl }: LinkedinComposerProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const send = useSendLinkedinMessage();
  const [message, setMessage] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(newKey);
  const [queued, setQueued] = useState(false);
  const canSend = message.trim().length > 0 && !send.isPending;

  const handleSend = () => {
    send.mutate(
      { body: { linkedinAccountId, profileUrl, message: message.trim(), idempotencyKey } },
      {
        onSuccess: () => {
          toast.success(t('composer.linkedin.queued'));
          setQueued(true);
          setMessage('');
          setIdempotencyKey(newKey());
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Card size="small" title={t('composer.linkedin.title')} data-testid="linkedin-composer">
      <Flex vertical gap={8}>
        <Input.TextArea
          aria-label={t('composer.linkedin.body')}
          placeholder={t('composer.linkedin.placeholder')}
          value={message}
          maxLength={MAX_LENGTH}
          showCount
          autoSize={{ minRows: 3, maxRows: 10 }}
          onChange={(event) => setMessage(event.target.value)}
        />
        {queued ? <Alert type="info" showIcon title={t('composer.linkedin.queuedNotice')} /> : null}
        <Flex justify="flex-end">
          <Button type="primary" icon={<SendOutlined aria-hidden />} loading={send.isPending} disabled={!canSend} onClick={handleSend}>
            {t('composer.linkedin.send')}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
