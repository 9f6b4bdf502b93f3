import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

export type VariableMenuProps = {
  knownVariables: readonly string[];
  disabled: boolean;
  onInsert(name: string): void;
};

/** Inserts `{{name}}` for one of the prospect fields or custom fields. */
export function VariableMenu({ knownVariables, disabled, onInsert }: VariableMenuProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled || knownVariables.length === 0}
      menu={{
        items: knownVariables.map((name) => ({ key: name, label: `{{${name}}}` })),
        onClick: ({ key }) => onInsert(key),
        style: { maxHeight: 320, overflowY: 'auto' },
      }}
    >
      {/* Keeps the caret of the field being written in: the click must not take the focus first. */}
      <Button onMouseDown={(event) => event.preventDefault()}>{t('editor.email.insertVariable')}</Button>
    </Dropdown>
  );
}
