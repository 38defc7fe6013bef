import { Spin } from '@arco-design/web-react';

export function PageLoading() {
  return <Spin dot style={{ display: 'block', textAlign: 'center', marginTop: 120 }} />;
}
