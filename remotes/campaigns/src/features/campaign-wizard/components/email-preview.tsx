import { useMemo } from 'react';
import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { renderDynamicText, type EmailVariant } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { escapeHtml, fillVariables } from '../utils/preview-variables';

export type EmailPreviewProps = {
  /** "Step 3 · variant B", as the plan numbers it. */
  heading: string;
  variant: EmailVariant;
  values: ReadonlyMap<string, string>;
  /** `prospectId:blockId`: the dynamic text options this prospect will get (the executor's choice). */
  dynamicSeed: string;
};

/**
 * One email as a recipient would read it, variables filled. The body is the user's HTML: it is
 * shown in a sandboxed frame (no scripts, no same origin), never in the page itself.
 */
export function EmailPreview({ heading, variant, values, dynamicSeed }: EmailPreviewProps) {
  const { t } = useTranslation(NAMESPACE);
  const subject = fillVariables(renderDynamicText(variant.subject, `${dynamicSeed}:subject`), values);
  const body = useMemo(() => {
    const content = renderDynamicText(variant.content, `${dynamicSeed}:content`);
    return variant.plainTextMode
      ? `<pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(fillVariables(content, values))}</pre>`
      : fillVariables(content, values, escapeHtml);
  }, [variant, values, dynamicSeed]);
  return (
    <Card size="small" title={heading} data-testid="email-preview">
      <Flex vertical gap={8}>
        <Typography.Text>
          <Typography.Text type="secondary">{t('wizard.review.subject')} </Typography.Text>
          <span data-testid="preview-subject">{subject || t('wizard.review.noSubject')}</span>
        </Typography.Text>
        <iframe title={t('wizard.review.bodyFrame', { heading })} sandbox="" srcDoc={body} style={{ width: '100%', minHeight: 160, border: '1px solid rgba(0,0,0,0.08)', borderRadius: 6 }} />
      </Flex>
    </Card>
  );
}
