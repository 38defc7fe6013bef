import { useEffect, useState } from 'react';
import { Button, Empty, Message, Modal, Spin } from '@arco-design/web-react';
import {
  MSG_CHAT_NO_PARAMS,
  MSG_CHAT_PARAMS_APPLIED,
  MSG_CHAT_PARAMS_FAILED,
  checkModelParams,
  defaultParams,
  type ChatModelView,
  type ModelParamRule,
  type ModelParams,
} from '@gw/shared';
import { getModelRules, saveModelConfig, showChatError } from '@/api/chat-models';
import { ParamRow } from './param-row';
import { paramsForRules } from './starting-params';
import './model-params.css';

export interface ModelParamsModalProps {
  visible: boolean;
  model: ChatModelView | null;
  /** The parameters the model is called with now. */
  value: ModelParams;
  /** Called with the checked parameters once they are saved as the user's config for the model. */
  onOk: (params: ModelParams) => void;
  onCancel: () => void;
}

type Draft = Record<string, number | undefined>;

/** The model parameters dialog (spec 3 §2.9, §5): one slider and number box per parameter the model takes. */
export function ModelParamsModal({ visible, model, value, onOk, onCancel }: ModelParamsModalProps) {
  const [rules, setRules] = useState<ModelParamRule[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [draft, setDraft] = useState<Draft>({});
  const [saving, setSaving] = useState(false);
  const modelName = model?.name ?? null;

  useEffect(() => {
    if (!visible || !modelName) return;
    let active = true;
    setRules(null);
    setFailed(false);
    getModelRules(modelName).then(
      (found) => {
        if (!active) return;
        setRules(found);
        setDraft(paramsForRules(found, value));
      },
      (error: unknown) => {
        if (!active) return;
        showChatError(error);
        setFailed(true);
      },
    );
    return () => {
      active = false;
    };
    // The draft starts from `value` each time the dialog opens; a new `value` while it is open must not wipe the user's edits.
  }, [visible, modelName]);

  const handleOk = async () => {
    if (!modelName || !rules) return;
    if (rules.length === 0) {
      onOk({});
      return;
    }
    const problem = checkModelParams(draft, rules);
    if (problem) {
      Message.error(problem);
      return;
    }
    const params = draft as ModelParams;
    setSaving(true);
    try {
      await saveModelConfig(modelName, params);
    } catch (error) {
      showChatError(error);
      return;
    } finally {
      setSaving(false);
    }
    Message.success(MSG_CHAT_PARAMS_APPLIED);
    onOk(params);
  };

  const renderBody = () => {
    if (failed) return <Empty description={MSG_CHAT_PARAMS_FAILED} />;
    if (!rules) return <Spin className="model-params-loading" />;
    if (rules.length === 0) return <Empty description={MSG_CHAT_NO_PARAMS} />;
    return rules.map((rule) => <ParamRow key={rule.name} rule={rule} value={draft[rule.name]} onChange={(next) => setDraft((current) => ({ ...current, [rule.name]: next }))} />);
  };

  return (
    <Modal
      title={model ? `参数设置 · ${model.name}` : '参数设置'}
      visible={visible}
      onCancel={onCancel}
      unmountOnExit
      className="model-params-modal"
      footer={
        <div className="model-params-footer">
          <Button disabled={!rules || rules.length === 0} onClick={() => rules && setDraft(defaultParams(rules))}>
            恢复默认
          </Button>
          <span className="model-params-footer-actions">
            <Button onClick={onCancel}>取消</Button>
            <Button type="primary" loading={saving} disabled={!rules} onClick={() => void handleOk()}>
              确定
            </Button>
          </span>
        </div>
      }
    >
      {renderBody()}
    </Modal>
  );
}
