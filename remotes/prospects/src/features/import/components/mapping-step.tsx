import { Alert, Flex, Radio, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DUPLICATE_POLICIES, IMPORT_TARGET_FIELDS, type CustomField, type DuplicatePolicy } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { mappingProblems, type ImportMapping, type ImportTarget } from '../utils/csv-mapping';

const IGNORE = '__ignore__';

export type MappingStepProps = {
  headers: string[];
  preview: string[][];
  mapping: ImportMapping;
  customFields: CustomField[];
  policy: DuplicatePolicy;
  onMappingChange: (mapping: ImportMapping) => void;
  onPolicyChange: (policy: DuplicatePolicy) => void;
};

/** Which prospect field each CSV column fills, a preview of the first rows, and what to do with duplicates. */
export function MappingStep({ headers, preview, mapping, customFields, policy, onMappingChange, onPolicyChange }: MappingStepProps) {
  const { t } = useTranslation(NAMESPACE);
  const options = [
    { value: IGNORE, label: t('import.ignore') },
    ...IMPORT_TARGET_FIELDS.map((field) => ({ value: field, label: t(`import.fields.${field}`) })),
    ...customFields.map((field) => ({ value: `custom_${field.id}`, label: field.name })),
  ];
  const problems = mappingProblems(mapping);
  return (
    <Flex vertical gap={16}>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey={(_, index) => String(index)}
        dataSource={preview}
        columns={headers.map((header, index) => ({
          key: header,
          title: (
            <Flex vertical gap={4}>
              <Typography.Text strong>{header}</Typography.Text>
              <Select
                aria-label={t('import.mapColumn', { column: header })}
                size="small"
                style={{ minWidth: 150 }}
                // Dozens of fields (custom ones too): typing narrows them down.
                showSearch={{ optionFilterProp: 'label' }}
                value={mapping[header] ?? IGNORE}
                options={options}
                onChange={(value: string) => onMappingChange({ ...mapping, [header]: value === IGNORE ? null : (value as ImportTarget) })}
              />
            </Flex>
          ),
          render: (_: unknown, row: string[]) => row[index] ?? '',
        }))}
      />
      {problems.map((problem) => (
        <Alert key={problem} type="warning" showIcon title={t(`import.problems.${problem}`)} />
      ))}
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('import.duplicates')}</Typography.Text>
        <Radio.Group
          aria-label={t('import.duplicates')}
          value={policy}
          options={DUPLICATE_POLICIES.map((value) => ({ value, label: t(`import.policy.${value}`) }))}
          onChange={(event) => onPolicyChange(event.target.value as DuplicatePolicy)}
        />
      </Flex>
    </Flex>
  );
}

export const isMappingReady = (mapping: ImportMapping) => mappingProblems(mapping).length === 0;
