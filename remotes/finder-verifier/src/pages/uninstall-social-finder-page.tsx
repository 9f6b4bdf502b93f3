import { Screen } from '../components/screen';
import { UninstallFeedback } from '../features/uninstall/components/uninstall-feedback';

/** /uninstall/linkedin-prospect-finder (public): why the social finder extension was removed. */
export function UninstallSocialFinderPage() {
  return (
    <Screen pageKey="uninstallSocialFinder">
      <UninstallFeedback product="linkedin-prospect-finder" />
    </Screen>
  );
}
