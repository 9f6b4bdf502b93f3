import { Button } from 'antd';
export function Routes() {
  return <Button>prospects</Button>;
}
export default Routes;
