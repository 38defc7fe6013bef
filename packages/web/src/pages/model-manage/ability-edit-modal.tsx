import { useState } from 'react';
import { Descriptions, Form, Message, Modal, Switch } from '@arco-design/web-react';
import { callOk } from '@/api/http';
import { updateAbility, type Ability, type AbilityFlags } from '@/api/channels';

const MSG_ABILITY_UPDATED = '模型能力更新成功！';

interface AbilityEditModalProps {
  /** The ability being edited; null when closed. */
  ability: Ability | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Sets the capability flags of one model on one channel and group. */
export function AbilityEditModal({ ability, onClose, onSaved }: AbilityEditModalProps) {
  const [form] = Form.useForm<AbilityFlags>();
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    if (!ability) return;
    const flags = form.getFieldsValue();
    setSaving(true);
    const saved = await callOk(
      updateAbility({
        channel_id: ability.channel_id,
        group: ability.group,
        model: ability.model,
        is_deep_seek: Boolean(flags.is_deep_seek),
        is_viewable: Boolean(flags.is_viewable),
      }),
    );
    setSaving(false);
    if (!saved) return;
    Message.success(MSG_ABILITY_UPDATED);
    onSaved();
    onClose();
  };

  return (
    <Modal title="编辑模型能力" visible={ability !== null} confirmLoading={saving} onOk={handleOk} onCancel={onClose} unmountOnExit>
      {ability && (
        <>
          <Descriptions
            column={1}
            size="small"
            style={{ marginBottom: 16 }}
            data={[
              { label: '模型', value: ability.model },
              { label: '渠道', value: `#${ability.channel_id} ${ability.channel_name ?? ''}`.trim() },
              { label: '分组', value: ability.group },
            ]}
          />
          {/* Mounted afresh for each ability (unmountOnExit), so the initial values are its flags. */}
          <Form form={form} layout="horizontal" initialValues={{ is_deep_seek: ability.is_deep_seek, is_viewable: ability.is_viewable }}>
            <Form.Item field="is_deep_seek" label="是否深度思考" triggerPropName="checked">
              <Switch aria-label="是否深度思考" />
            </Form.Item>
            <Form.Item field="is_viewable" label="是否支持图片" triggerPropName="checked">
              <Switch aria-label="是否支持图片" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
