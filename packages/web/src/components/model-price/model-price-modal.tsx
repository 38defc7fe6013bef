import { useState } from 'react';
import { Button, Form, Input, Modal, Radio, Space } from '@arco-design/web-react';
import { emptyPriceDraft, readPriceDraft, saveModelPrice, type PriceDraft, type PriceDraftErrors } from './set-model-price';

const KIND_OPTIONS = [
  { label: '按量计费（倍率）', value: 'ratio' },
  { label: '按次计费（固定价格）', value: 'fixed' },
];

interface ModelPriceModalProps {
  /** The model to price; null keeps the dialog closed. */
  model: string | null;
  onClose: () => void;
  onSaved: (model: string) => void;
}

/** A small dialog that prices one model: 模型倍率 and 补全倍率, or a 固定价格 per call. */
export function ModelPriceModal({ model, onClose, onSaved }: ModelPriceModalProps) {
  return (
    <Modal title={`设置模型 ${model ?? ''} 的价格`} visible={model !== null} footer={null} onCancel={onClose} unmountOnExit>
      {/* Mounted per opening, so that each model starts from an empty form. */}
      {model !== null && <PriceForm model={model} onCancel={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function PriceForm({ model, onCancel, onSaved }: { model: string; onCancel: () => void; onSaved: (model: string) => void }) {
  const [draft, setDraft] = useState<PriceDraft>(emptyPriceDraft);
  const [errors, setErrors] = useState<PriceDraftErrors>({});
  const [saving, setSaving] = useState(false);

  const edit = (fields: Partial<PriceDraft>) => {
    setDraft((current) => ({ ...current, ...fields }));
    setErrors({});
  };

  const handleSave = async () => {
    const read = readPriceDraft(draft);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setSaving(true);
    const saved = await saveModelPrice(model, read.input);
    setSaving(false);
    if (saved) onSaved(model);
  };

  const numberField = (field: keyof PriceDraftErrors, label: string, extra: string) => (
    <Form.Item label={label} extra={extra} validateStatus={errors[field] ? 'error' : undefined} help={errors[field]}>
      <Input aria-label={label} value={draft[field]} onChange={(value) => edit({ [field]: value })} />
    </Form.Item>
  );

  return (
    <Form layout="vertical" autoComplete="off">
      <Form.Item label="计费方式">
        <Radio.Group type="button" options={KIND_OPTIONS} value={draft.kind} onChange={(kind: PriceDraft['kind']) => edit({ kind })} />
      </Form.Item>
      {draft.kind === 'ratio' ? (
        <>
          {numberField('modelRatio', '模型倍率', '每个提示 Token 消耗的额度；1 即每百万提示 Token 2 美元')}
          {numberField('completionRatio', '补全倍率', '补全 Token 的价格是提示 Token 的几倍')}
        </>
      ) : (
        numberField('price', '固定价格', '每次调用消耗多少美元，优先于模型倍率')
      )}
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" loading={saving} onClick={handleSave}>
          保存
        </Button>
      </Space>
    </Form>
  );
}
