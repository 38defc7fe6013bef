import { Typography } from '@arco-design/web-react';

/** The start node has nothing to set: it only marks where the run begins. */
export function StartPanel() {
  return <Typography.Paragraph type="secondary">开始节点没有需要设置的内容；把它连到输入节点。</Typography.Paragraph>;
}
