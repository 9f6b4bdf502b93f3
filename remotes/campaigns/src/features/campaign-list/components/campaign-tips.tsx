import { useState } from 'react';
import { Alert, Button } from 'antd';
import BulbOutlined from '@ant-design/icons/es/icons/BulbOutlined';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useCampaignTips } from '../api/campaign-tips';

/** Where a dismissal is remembered in this browser: a user who closed the tips does not see them again. */
export const TIPS_DISMISSED_KEY = 'leadforge.campaigns.tipsDismissed';

/** Tips name editor variables as the editor writes them; i18next would read `{{…}}` as its own, so they go in as values. */
const VARIABLES = { firstName: '{{firstName}}', companyName: '{{companyName}}' };

const dismissedBefore = () => {
  try {
    return window.localStorage.getItem(TIPS_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * One tip of the campaign screens at a time (GET /pipelines/api/tips), "Next tip" for another,
 * and a close that is remembered. A failed or empty answer shows nothing: tips are an aside.
 */
export function CampaignTips() {
  const { t } = useTranslation(NAMESPACE);
  const tips = useCampaignTips();
  const [dismissed, setDismissed] = useState(dismissedBefore);
  const [index, setIndex] = useState(0);
  const items = tips.data?.items ?? [];
  if (dismissed || items.length === 0) return null;
  const tip = items[index % items.length]!;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.localStorage.setItem(TIPS_DISMISSED_KEY, '1');
    } catch {
      // A browser that keeps nothing shows the tips again next time; nothing is lost.
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      icon={<BulbOutlined aria-hidden />}
      data-testid="campaign-tip"
      title={t('tips.title')}
      description={t(`tips.items.${tip.key}`, VARIABLES)}
      action={
        items.length > 1 ? (
          <Button size="small" onClick={() => setIndex(index + 1)}>
            {t('tips.next')}
          </Button>
        ) : null
      }
      closable={{ 'aria-label': t('tips.close') }}
      onClose={dismiss}
    />
  );
}
