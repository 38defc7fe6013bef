import { useState } from 'react';
import { Button, Form, Input, Select, Space } from '@arco-design/web-react';
import { unique } from '../lists';
import { defaultModelsForType, type ChannelFormValues } from './channel-form';
import { UnpricedModelsNotice } from './unpriced-models-notice';

interface ModelFieldsProps {
  type: number;
  groups: string[];
  typeModels: Record<string, string[]> | null;
  allModels: string[];
  fetching: boolean;
  onFillDefaultModels: () => void;
  onClearModels: () => void;
  onFetchModels: () => void;
  onAddCustomModels: (input: string) => void;
}

/** Groups, models (with fill, clear, fetch and custom names, and a warning about unpriced ones) and the model mapping. */
export function ModelFields(props: ModelFieldsProps) {
  const { type, groups, typeModels, allModels, fetching } = props;
  const selected = (Form.useWatch<ChannelFormValues>('models') as string[] | undefined) ?? [];
  const chosenGroups = (Form.useWatch<ChannelFormValues>('groups') as string[] | undefined) ?? [];
  const [custom, setCustom] = useState('');

  const handleAddCustom = () => {
    props.onAddCustomModels(custom);
    setCustom('');
  };

  return (
    <>
      <Form.Item field="groups" label="分组" required>
        <Select mode="multiple" allowClear placeholder="请选择可以使用该渠道的分组" options={unique([...groups, ...chosenGroups])} />
      </Form.Item>
      <Form.Item field="models" label="模型" required>
        <Select
          mode="multiple"
          allowClear
          showSearch
          placeholder="请选择该渠道所支持的模型"
          options={unique([...defaultModelsForType(type, typeModels), ...allModels, ...selected])}
        />
      </Form.Item>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button onClick={props.onFillDefaultModels}>填入相关模型</Button>
        <Button onClick={props.onClearModels}>清除所有模型</Button>
        <Button loading={fetching} onClick={props.onFetchModels}>
          获取模型列表
        </Button>
      </Space>
      <UnpricedModelsNotice models={selected} />
      <Form.Item label="自定义模型名称">
        {/* As wide as 480 px, narrower on a phone, with the button beside it. */}
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Input.TextArea
            aria-label="自定义模型名称"
            value={custom}
            onChange={setCustom}
            placeholder="输入自定义模型名称，多个用逗号或换行分隔"
            autoSize={{ minRows: 1, maxRows: 4 }}
            style={{ flex: '0 1 480px', minWidth: 0 }}
          />
          <Button onClick={handleAddCustom} disabled={custom.trim() === ''}>
            填入
          </Button>
        </div>
      </Form.Item>
      <Form.Item field="model_mapping" label="模型映射" extra="JSON 对象，键为请求中的模型名称，值为要替换成的模型名称">
        <Input.TextArea placeholder='例如：{"gpt-3.5-turbo": "gpt-3.5-turbo-0125"}' autoSize={{ minRows: 3 }} />
      </Form.Item>
    </>
  );
}
