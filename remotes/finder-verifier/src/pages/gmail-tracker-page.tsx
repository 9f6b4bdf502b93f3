import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../i18n';
import { Screen } from '../components/screen';
import { ExtensionCard } from '../features/extensions/components/extension-card';

/** /extensions/gmail-email-tracker: the tracker on its own page. */
export function GmailTrackerPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Screen pageKey="gmailTracker">
      <ExtensionCard extension="gmailTracker" />
      <p style={{ marginTop: 16 }}>
        <Link to="/extensions">{t('extensions.backToList')}</Link>
      </p>
    </Screen>
  );
}
