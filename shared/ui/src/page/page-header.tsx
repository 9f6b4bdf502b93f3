import type { ReactNode } from 'react';
import ArrowLeftOutlined from '@ant-design/icons/es/icons/ArrowLeftOutlined';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from './use-document-title';

export type PageHeaderProps = {
  title: string;
  subtitle?: ReactNode;
  /** Shows a back button (pricing plans, /error/500); called when it is pressed. */
  onBack?: () => void;
  /** Buttons on the right. */
  extra?: ReactNode;
  /** Leave the tab title alone (when the route already set a more specific one). */
  keepDocumentTitle?: boolean;
};

export function PageHeader({ title, subtitle, onBack, extra, keepDocumentTitle = false }: PageHeaderProps) {
  const { t } = useTranslation();
  useDocumentTitle(keepDocumentTitle ? undefined : title);
  return (
    <Flex component="header" align="center" justify="space-between" gap={16} wrap style={{ marginBottom: 24 }}>
      <Flex align="center" gap={12}>
        {onBack ? (
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={onBack} aria-label={t('common:actions.back')}>
            {t('common:actions.back')}
          </Button>
        ) : null}
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 28 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </div>
      </Flex>
      {extra ? <Flex gap={8}>{extra}</Flex> : null}
    </Flex>
  );
}
