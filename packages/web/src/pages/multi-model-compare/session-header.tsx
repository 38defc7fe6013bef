import { Button, Modal, Select } from '@arco-design/web-react';
import { IconDelete, IconSettings } from '@arco-design/web-react/icon';
import type { ChatModelView } from '@gw/shared';
import type { ChatSession } from '@/stores/compare-chat';

interface SessionHeaderProps {
  session: ChatSession;
  models: ChatModelView[];
  /** Model choice, parameters and delete show only when several columns exist (spec 3 §2.10). */
  several: boolean;
  busy: boolean;
  onSwitch: (modelName: string) => void;
  onSettings: () => void;
  onDelete: () => Promise<void>;
}

/** A column's header: its model (a searchable dropdown), its parameters and its removal. */
export function SessionHeader({ session, models, several, busy, onSwitch, onSettings, onDelete }: SessionHeaderProps) {
  if (!several) return <div className="compare-session-header">{session.modelName}</div>;
  const options = models.some((model) => model.name === session.modelName) ? models : [...models, { name: session.modelName } as ChatModelView];
  return (
    <div className="compare-session-header">
      <Select
        size="small"
        showSearch
        className="compare-session-model"
        aria-label={`${session.modelName} 的模型`}
        value={session.modelName}
        disabled={busy}
        onChange={(value: string) => value !== session.modelName && onSwitch(value)}
      >
        {options.map((model) => (
          <Select.Option key={model.name} value={model.name}>
            {model.name}
          </Select.Option>
        ))}
      </Select>
      <Button size="mini" type="text" icon={<IconSettings />} aria-label={`${session.modelName} 参数设置`} onClick={onSettings} />
      <Button
        size="mini"
        type="text"
        status="danger"
        icon={<IconDelete />}
        aria-label={`删除模型 ${session.modelName}`}
        disabled={busy}
        onClick={() =>
          Modal.confirm({
            title: '确认关闭模型',
            content: `关闭后将删除 ${session.modelName} 的对话记录，确定吗？`,
            onOk: onDelete,
          })
        }
      />
    </div>
  );
}
