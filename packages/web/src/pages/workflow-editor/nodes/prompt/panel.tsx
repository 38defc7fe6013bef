import { Input, Typography } from '@arco-design/web-react';
import type { NodePanelProps } from '../node-definition';
import { promptTextOf, withPromptText } from './defaults';

/** The system and user texts; the sample text replaces `{{#context#}}` or `{{input}}`, else it follows the user text. */
export function PromptPanel({ node, onChange }: NodePanelProps) {
  const handleText = (role: 'system' | 'user') => (text: string) => onChange({ prompt_template: withPromptText(node.data, role, text) });
  return (
    <>
      <Typography.Text bold>系统提示词</Typography.Text>
      <Input.TextArea aria-label="系统提示词" value={promptTextOf(node.data, 'system')} onChange={handleText('system')} autoSize={{ minRows: 3, maxRows: 10 }} />
      <Typography.Text bold>用户提示词</Typography.Text>
      <Input.TextArea aria-label="用户提示词" value={promptTextOf(node.data, 'user')} onChange={handleText('user')} autoSize={{ minRows: 3, maxRows: 10 }} />
      <Typography.Paragraph type="secondary">用 {'{{#context#}}'} 或 {'{{input}}'} 标出样本文本的位置；没有标记时样本文本接在用户提示词之后。</Typography.Paragraph>
    </>
  );
}
