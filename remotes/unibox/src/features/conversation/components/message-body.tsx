import { useMemo, useState } from 'react';
import { Alert, Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useImagePermission } from '../hooks/use-image-permission';
import { buildSrcDoc, hasRemoteImages, splitQuotedHtml, splitQuotedText } from '../utils/message-html';

export type MessageBodyProps = {
  html: string | null;
  text: string | null;
  /** The sender's address: "Show images" is remembered per sender. */
  sender: string;
  /** Names the frame for screen readers, e.g. the subject. */
  title: string;
};

const FRAME_HEIGHT = 320;
export const FRAME_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

/**
 * One message's content. HTML goes into a sandboxed frame (no scripts, no same-origin, no forms;
 * only its links may open a new tab) whose policy blocks remote pictures until the user asks; its height cannot
 * follow the content (that would take a script inside), so the user can drag it taller.
 * Plain text is rendered by React, escaped. Quoted history hides behind "…".
 */
export function MessageBody({ html, text, sender, title }: MessageBodyProps) {
  const { t } = useTranslation(NAMESPACE);
  const [expanded, setExpanded] = useState(false);
  const [imagesAllowed, allowImages] = useImagePermission(sender);
  const splitHtml = useMemo(() => (html ? splitQuotedHtml(html) : null), [html]);
  const splitText = useMemo(() => (!html && text ? splitQuotedText(text) : null), [html, text]);
  const hasQuote = splitHtml ? splitHtml.hasQuote : Boolean(splitText?.quoted);
  const quoteToggle = hasQuote ? (
    <Tooltip title={expanded ? t('message.hideQuote') : t('message.showQuote')}>
      <Button size="small" aria-expanded={expanded} aria-label={expanded ? t('message.hideQuote') : t('message.showQuote')} onClick={() => setExpanded(!expanded)}>
        …
      </Button>
    </Tooltip>
  ) : null;

  if (html && splitHtml) {
    const shown = expanded ? html : splitHtml.visible;
    const blocked = !imagesAllowed && hasRemoteImages(html);
    return (
      <Flex vertical gap={8}>
        {blocked ? (
          <Alert
            type="info"
            showIcon
            title={t('message.imagesBlocked')}
            action={
              <Button size="small" onClick={allowImages}>
                {t('message.showImages')}
              </Button>
            }
          />
        ) : null}
        <iframe
          // Links open in a new tab, outside the sandbox (a reader expects the links of a mail to
          // work); nothing else is allowed. Never add allow-scripts or allow-same-origin.
          sandbox={FRAME_SANDBOX}
          title={t('message.frameTitle', { subject: title })}
          srcDoc={buildSrcDoc(shown, imagesAllowed)}
          referrerPolicy="no-referrer"
          style={{ width: '100%', height: FRAME_HEIGHT, border: 0, resize: 'vertical', overflow: 'auto', background: '#fff' }}
        />
        {quoteToggle ? <div>{quoteToggle}</div> : null}
      </Flex>
    );
  }
  if (splitText) {
    return (
      <Flex vertical gap={8}>
        <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', margin: 0 }}>
          {expanded ? text : splitText.visible}
        </pre>
        {quoteToggle ? <div>{quoteToggle}</div> : null}
      </Flex>
    );
  }
  return <em>{t('message.noContent')}</em>;
}
