import { render, waitFor } from '@testing-library/react';
import { Table } from 'antd';
import { TableA11y } from './table-a11y';

describe('TableA11y', () => {
  it('makes the hidden measuring row of a sideways-scrolling table inert, so its checkbox takes no focus', async () => {
    const { container } = render(
      <TableA11y>
        <Table
          rowKey="id"
          scroll={{ x: 'max-content' }}
          rowSelection={{}}
          dataSource={[{ id: 1, name: 'Ada' }]}
          columns={[{ key: 'name', dataIndex: 'name', title: 'Name' }]}
        />
      </TableA11y>,
    );
    await waitFor(() => expect(container.querySelector('.ant-table-measure-row')).not.toBeNull());
    await waitFor(() => expect(container.querySelector('.ant-table-measure-row')).toHaveAttribute('inert'));
    expect(container.querySelectorAll('main')).toHaveLength(0);
  });
});
