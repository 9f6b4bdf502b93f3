import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** /error/500 (document 2 §8): says the server failed and offers a way back. */
export function ServerErrorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // With no page to go back to (opened directly), "back" means the start page.
  const handleBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/', { replace: true }));
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Result
        status="500"
        title={t('shell:errorPage.title')}
        subTitle={t('shell:errorPage.description')}
        extra={
          <Button type="primary" onClick={handleBack}>
            {t('common:actions.back')}
          </Button>
        }
      />
    </Flex>
  );
}
