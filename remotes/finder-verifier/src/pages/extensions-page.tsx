import { Col, Row } from 'antd';
import { Screen } from '../components/screen';
import { EXTENSIONS, ExtensionCard } from '../features/extensions/components/extension-card';

/** /extensions: the browser extensions and what each one does. */
export function ExtensionsPage() {
  return (
    <Screen pageKey="extensions">
      <Row gutter={[16, 16]}>
        {EXTENSIONS.map((extension) => (
          <Col key={extension} xs={24} lg={8}>
            <ExtensionCard extension={extension} />
          </Col>
        ))}
      </Row>
    </Screen>
  );
}
