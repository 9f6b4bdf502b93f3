import { Button, Checkbox, Flex, Popover } from 'antd';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import { useTranslation } from 'react-i18next';
import { RECIPIENT_TABLE_COLUMNS, type RecipientTableColumn } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { ALWAYS_VISIBLE_COLUMNS, DEFAULT_VISIBLE_COLUMNS, setColumnVisible } from '../utils/recipient-columns';

export type ColumnChooserProps = {
  visible: readonly RecipientTableColumn[];
  onChange: (visible: RecipientTableColumn[]) => void;
};

/** Which of the table's columns show; the prospect column always does. */
export function ColumnChooser({ visible, onChange }: ColumnChooserProps) {
  const { t } = useTranslation(NAMESPACE);
  const content = (
    <Flex vertical gap={4} style={{ maxHeight: 420, overflowY: 'auto' }} role="group" aria-label={t('campaignPage.columnsChooser.title')}>
      {RECIPIENT_TABLE_COLUMNS.map((column) => (
        <Checkbox
          key={column}
          checked={visible.includes(column)}
          disabled={ALWAYS_VISIBLE_COLUMNS.includes(column)}
          onChange={(event) => onChange(setColumnVisible(visible, column, event.target.checked))}
        >
          {t(`campaignPage.columns.${column}`)}
        </Checkbox>
      ))}
      <Button size="small" type="link" onClick={() => onChange([...DEFAULT_VISIBLE_COLUMNS])}>
        {t('campaignPage.columnsChooser.reset')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('campaignPage.columnsChooser.title')} content={content}>
      <Button icon={<SettingOutlined aria-hidden />}>{t('campaignPage.columnsChooser.button', { count: visible.length })}</Button>
    </Popover>
  );
}
