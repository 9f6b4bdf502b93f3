import { Button, Flex, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOM_FIELD_TYPES, DEFAULT_CUSTOM_FIELD_TYPE, type CustomFieldType } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type CustomFieldFormProps = {
  busy: boolean;
  onSubmit: (field: { name: string; type: CustomFieldType }) => void;
};

/** A new custom field: a name and a type (text by default). */
export function CustomFieldForm({ busy, onSubmit }: CustomFieldFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [name, setName] = useState('');
  const [type, setType] = useState<CustomFieldType>(DEFAULT_CUSTOM_FIELD_TYPE);
  const handleSubmit = () => {
    if (!name.trim()) return;
    onSubmit({ name: name.trim(), type });
    setName('');
  };
  return (
    <Flex gap={8}>
      <Input aria-label={t('customFields.fieldName')} placeholder={t('customFields.fieldName')} value={name} onChange={(event) => setName(event.target.value)} onPressEnter={handleSubmit} />
      <Select<CustomFieldType>
        aria-label={t('customFields.fieldType')}
        style={{ width: 140 }}
        value={type}
        options={CUSTOM_FIELD_TYPES.map((value) => ({ value, label: t(`customFields.types.${value}`) }))}
        onChange={setType}
      />
      <Button loading={busy} disabled={!name.trim()} onClick={handleSubmit}>
        {t('customFields.addField')}
      </Button>
    </Flex>
  );
}
