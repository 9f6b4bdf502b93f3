import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../../i18n';

/** A campaign that does not exist, was deleted, or belongs to someone the caller may not see (the API answers 404 alike). */
export function CampaignNotFound() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Result
      status="404"
      title={t('campaignPage.notFound.title')}
      subTitle={t('campaignPage.notFound.description')}
      extra={
        <Link to="/campaigns">
          <Button type="primary">{t('campaignPage.notFound.back')}</Button>
        </Link>
      }
    />
  );
}
