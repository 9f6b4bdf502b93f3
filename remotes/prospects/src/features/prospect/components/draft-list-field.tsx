import type { ReactNode } from 'react';
import { Button, Flex } from 'antd';
import MinusCircleOutlined from '@ant-design/icons/es/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';

export type DraftListFieldProps<T> = {
  items: T[];
  editable: boolean;
  addLabel: string;
  removeLabel: string;
  onChange: (items: T[]) => void;
  create: () => T;
  renderItem: (item: T, index: number, update: (next: T) => void) => ReactNode;
};

/** A repeatable group of inputs (emails, phones, companies): add a row, or empty it to remove it. */
export function DraftListField<T>({ items, editable, addLabel, removeLabel, onChange, create, renderItem }: DraftListFieldProps<T>) {
  const update = (index: number) => (next: T) => onChange(items.map((item, position) => (position === index ? next : item)));
  return (
    <Flex vertical gap={8}>
      {items.map((item, index) => (
        <Flex key={index} gap={8} align="start">
          <div style={{ flex: 1 }}>{renderItem(item, index, update(index))}</div>
          {editable ? (
            <Button
              type="text"
              aria-label={removeLabel}
              icon={<MinusCircleOutlined />}
              onClick={() => onChange(items.filter((_, position) => position !== index))}
            />
          ) : null}
        </Flex>
      ))}
      {editable ? (
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => onChange([...items, create()])}>
          {addLabel}
        </Button>
      ) : null}
    </Flex>
  );
}
