import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Card, Form, Space } from '@arco-design/web-react';
import { AdvancedFields } from './form/advanced-fields';
import { BasicFields } from './form/basic-fields';
import { ModelFields } from './form/model-fields';
import { useChannelForm } from './form/use-channel-form';
import { useModelCatalogue } from './form/use-model-catalogue';
import { KeyManagerDrawer } from './keys/key-manager-drawer';
import { useGroups } from './use-groups';

/** /channel/add and /channel/edit/:id: the channel form (spec 2 §3, §5); a multi-key channel's keys open in a drawer. */
export default function ChannelEditPage() {
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id === undefined ? undefined : Number(params.id);
  const groups = useGroups();
  const { typeModels, allModels } = useModelCatalogue();
  const channelForm = useChannelForm(id, typeModels);
  const { form, mode, initial, stored } = channelForm;
  const [managingKeys, setManagingKeys] = useState(false);
  const type: number = Form.useWatch('type', form) ?? initial?.type ?? 1;

  return (
    <Card title={mode === 'create' ? '创建新的渠道' : '更新渠道信息'} loading={!initial}>
      {initial && (
        <Form form={form} initialValues={initial} layout="vertical" style={{ maxWidth: 800 }}>
          <BasicFields
            type={type}
            mode={mode}
            stored={stored}
            onTypeChange={channelForm.handleTypeChange}
            onManageKeys={() => setManagingKeys(true)}
          />
          <ModelFields
            type={type}
            groups={groups}
            typeModels={typeModels}
            allModels={allModels}
            fetching={channelForm.fetching}
            onFillDefaultModels={channelForm.handleFillDefaultModels}
            onClearModels={channelForm.handleClearModels}
            onFetchModels={channelForm.handleFetchModels}
            onAddCustomModels={channelForm.handleAddCustomModels}
          />
          <AdvancedFields />
          <Space>
            <Button type="primary" onClick={channelForm.handleSubmit}>
              提交
            </Button>
            <Button onClick={() => navigate('/channel')}>取消</Button>
          </Space>
        </Form>
      )}
      <KeyManagerDrawer channel={managingKeys ? stored : null} onClose={() => setManagingKeys(false)} onChanged={channelForm.refreshStored} />
    </Card>
  );
}
