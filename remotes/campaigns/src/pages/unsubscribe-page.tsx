import { useParams } from 'react-router-dom';
import { Screen } from '../components/screen';
import { UnsubscribePanel, UnsubscribeWithoutLink } from '../features/unsubscribe/components/unsubscribe-panel';

/** /email-unsubscribe/{v?} (public): where the List-Unsubscribe link of a campaign email leads. */
export function UnsubscribePage() {
  const { v: token } = useParams();
  return <Screen pageKey="unsubscribe">{token ? <UnsubscribePanel token={token} /> : <UnsubscribeWithoutLink />}</Screen>;
}
