import { useState } from 'react';
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import type { Channel } from '@/api/channels';
import type { OnChannelAction } from './actions';
import { splitList } from './lists';

/** The model a plain click tests with: the channel's test model, else its first model. */
export const defaultTestModel = (channel: Channel) => channel.test_model || splitList(channel.models)[0] || '';

/** 测试 with the default model, or with any model of the channel from the dropdown. */
export function TestButton({ channel, onAction }: { channel: Channel; onAction: OnChannelAction }) {
  const [testing, setTesting] = useState(false);
  const models = splitList(channel.models);

  const handleTest = async (model: string) => {
    setTesting(true);
    try {
      await onAction({ kind: 'test', channel, model });
    } finally {
      setTesting(false);
    }
  };

  const droplist = (
    <Menu style={{ maxHeight: 320, overflowY: 'auto' }} onClickMenuItem={(model) => void handleTest(model)}>
      {models.map((model) => (
        <Menu.Item key={model}>{model}</Menu.Item>
      ))}
    </Menu>
  );

  return (
    <Button.Group>
      <Button size="mini" type="text" loading={testing} onClick={() => void handleTest(defaultTestModel(channel))}>
        测试
      </Button>
      <Dropdown droplist={droplist} trigger="click" position="br" disabled={testing || models.length === 0}>
        <Button size="mini" type="text" icon={<IconDown />} aria-label={`选择渠道 ${channel.id} 的测试模型`} />
      </Dropdown>
    </Button.Group>
  );
}
