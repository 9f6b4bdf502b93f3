import { useParams } from 'react-router-dom';
import { Screen } from '../components/screen';
import { ClearEmailPanel } from '../features/clear-email/components/clear-email-panel';

/** /clear-email/{keyEmail?} (public): the owner of an address asks to be cleared from every list. */
export function ClearEmailPage() {
  const { keyEmail } = useParams();
  return (
    <Screen pageKey="clearEmail">
      <ClearEmailPanel keyEmail={keyEmail} />
    </Screen>
  );
}
