import { useState } from 'react';
import { Button, Dropdown, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMAIL_TEMPLATE_VARIABLES, type EmailTemplateItem } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { useListTemplates } from '../api/list-templates';

export type ComposerToolsProps = {
  disabled: boolean;
  /** `{{name}}` for one of the prospect's fields, filled by the server from the conversation's prospect. */
  onInsertVariable(name: string): void;
  onUseTemplate(template: EmailTemplateItem): void;
};

/**
 * What the campaign email editor offers an answer too: a template from the library and the
 * prospect's variables.
 */
export function ComposerTools({ disabled, onInsertVariable, onUseTemplate }: ComposerToolsProps) {
  const { t } = useTranslation(NAMESPACE);
  const [wanted, setWanted] = useState(false);
  const templates = useListTemplates(wanted);
  const items = templates.data?.items ?? [];
  return (
    <Flex gap={8} wrap>
      <Select<number>
        aria-label={t('composer.template')}
        placeholder={t('composer.template')}
        style={{ flex: 1, minWidth: 200 }}
        disabled={disabled}
        value={null}
        loading={templates.isFetching}
        notFoundContent={templates.isError ? t('composer.templatesError') : t('composer.noTemplates')}
        options={items.map((template) => ({ value: template.templateId, label: template.templateName }))}
        showSearch={{ optionFilterProp: 'label' }}
        onOpenChange={(open) => open && setWanted(true)}
        onChange={(id) => {
          const template = items.find((item) => item.templateId === id);
          if (template) onUseTemplate(template);
        }}
      />
      <Dropdown
        trigger={['click']}
        disabled={disabled}
        menu={{
          items: EMAIL_TEMPLATE_VARIABLES.map((name) => ({ key: name, label: `{{${name}}}` })),
          onClick: ({ key }) => onInsertVariable(key),
        }}
      >
        <Button>{t('composer.insertVariable')}</Button>
      </Dropdown>
    </Flex>
  );
}
