import { Input, Typography } from '@arco-design/web-react';
import type { NodePanelProps } from '../node-definition';

/** Read-only: the reference is rewritten on every save to name the llm node(s) (spec 3 §4). */
export function AnswerPanel({ node }: NodePanelProps) {
  return (
    <>
      <Typography.Text bold>回答引用</Typography.Text>
      <Input value={String(node.data.answer ?? '')} readOnly aria-label="回答引用" />
      <Typography.Paragraph type="secondary">保存时自动指向所有大模型节点的输出，多个输出以“/”分隔。</Typography.Paragraph>
    </>
  );
}
