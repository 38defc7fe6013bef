import { Result } from '@arco-design/web-react';

/** Shared page for every area that is not built yet. */
export default function PlaceholderPage() {
  return <Result status="info" title="该功能暂未开放" subTitle="敬请期待" />;
}
