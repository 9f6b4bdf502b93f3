import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { useSelectAllTitle } from './use-select-all-title';

function Selectable() {
  const columnTitle = useSelectAllTitle();
  return <Table rowKey="id" rowSelection={{ columnTitle }} dataSource={[{ id: 1, name: 'Ada' }]} columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]} />;
}

it("names antd's select-all checkbox in the user's language instead of antd's fixed English", async () => {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'es', resources: { es: { common: { ui: { selectAll: 'Seleccionar todas las filas de esta página' } } } } });
  render(
    <I18nextProvider i18n={i18n}>
      <Selectable />
    </I18nextProvider>,
  );
  expect(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' })).toBeInTheDocument();
  expect(screen.queryByRole('checkbox', { name: 'Select all' })).toBeNull();
});
