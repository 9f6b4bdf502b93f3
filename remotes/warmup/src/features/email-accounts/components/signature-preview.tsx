import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

export type SignaturePreviewProps = {
  html: string;
};

/**
 * The signature as recipients will see it, in a frame with no rights at all (no scripts, no
 * forms, an origin of its own): what is typed here is user HTML, cleaned by the server only when
 * it is saved. Shown under the editor's HTML mode, where the HTML may hold what the visual editor
 * cannot show (images, tables, colours); the visual mode is its own preview.
 */
export function SignaturePreview({ html }: SignaturePreviewProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <iframe
      title={t('emailAccounts.edit.signaturePreview')}
      sandbox=""
      referrerPolicy="no-referrer"
      srcDoc={html}
      style={{ width: '100%', minHeight: 96, border: '1px solid rgba(5, 5, 5, 0.15)', borderRadius: 6, background: '#fff' }}
    />
  );
}
