import { Screen } from '../components/screen';
import { UninstallFeedback } from '../features/uninstall/components/uninstall-feedback';

/** /uninstall/email-finder (public): why the email finder extension was removed. */
export function UninstallEmailFinderPage() {
  return (
    <Screen pageKey="uninstallEmailFinder">
      <UninstallFeedback product="email-finder" />
    </Screen>
  );
}
