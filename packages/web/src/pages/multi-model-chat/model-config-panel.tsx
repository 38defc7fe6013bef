import { useState, type ReactNode } from 'react';
import { Button, Message, Tabs, Tag } from '@arco-design/web-react';
import { IconDelete, IconPlus, IconSettings, IconSwap } from '@arco-design/web-react/icon';
import { CHAT_CAPABILITY_LABELS, CHAT_MAX_MODELS, CHAT_VENDOR_LABELS, MSG_CHAT_SELECT_MODEL_FIRST, paramLabel, type ChatModelView, type ModelParams } from '@gw/shared';
import { ModelParamsModal } from '@/components/model-params';
import { ModelPicker } from '@/components/model-picker';
import { capabilitiesOf, vendorOf } from '@/components/model-picker/picker-filter';
import type { SelectedModel } from '@/pages/multi-model-compare/launch-state';

const ADD_TAB = '__add__';

interface ModelConfigPanelProps {
  models: ChatModelView[];
  historyModels: ChatModelView[];
  selected: SelectedModel[];
  onAdd: (model: ChatModelView) => Promise<boolean>;
  onReplace: (index: number, model: ChatModelView) => Promise<boolean>;
  onRemove: (index: number) => boolean;
  onParamsChange: (index: number, params: ModelParams) => void;
}

const describeParams = (params: ModelParams) =>
  Object.entries(params)
    .map(([name, value]) => `${paramLabel(name)} ${value}`)
    .join(' · ');

/**
 * The model config side panel (spec 3 §2.9, §4 "Model config panel modes"): a tab per chosen model
 * (replace, remove) and an add-model tab; the parameters button works on the model of the open tab.
 */
export function ModelConfigPanel({ models, historyModels, selected, onAdd, onReplace, onRemove, onParamsChange }: ModelConfigPanelProps) {
  const [activeTab, setActiveTab] = useState<string>('');
  const [editing, setEditing] = useState<number | null>(null);
  const names = selected.map((item) => item.model.name);
  // A tab that no longer exists (its model removed or replaced) falls back to the first model.
  const shownTab = activeTab === ADD_TAB || names.includes(activeTab) ? activeTab : (names[0] ?? ADD_TAB);
  const activeIndex = names.indexOf(shownTab);
  const editingModel = editing === null ? null : (selected[editing] ?? null);

  const handleOpenParams = () => {
    if (activeIndex < 0) {
      Message.warning(MSG_CHAT_SELECT_MODEL_FIRST);
      return;
    }
    setEditing(activeIndex);
  };

  const handleAdd = async (model: ChatModelView) => {
    if (await onAdd(model)) setActiveTab(model.name);
  };

  const handleReplace = async (index: number, model: ChatModelView) => {
    if (await onReplace(index, model)) setActiveTab(model.name);
  };

  const picker = (trigger: ReactNode, onPick: (model: ChatModelView) => void) => (
    <ModelPicker models={models} historyModels={historyModels} selected={names} max={CHAT_MAX_MODELS} onPick={onPick} trigger={trigger} />
  );

  return (
    <aside className="multi-chat-config" aria-label="模型配置">
      <div className="multi-chat-config-header">
        <span className="multi-chat-config-title">
          模型配置（{selected.length}/{CHAT_MAX_MODELS}）
        </span>
        <Button size="small" icon={<IconSettings />} onClick={handleOpenParams}>
          参数设置
        </Button>
      </div>
      {/* onClickTab, not only onChange: a click on the add tab while it is shown only because no
          model has arrived yet keeps it open when the first model lands, instead of sliding away. */}
      <Tabs activeTab={shownTab} onChange={setActiveTab} onClickTab={setActiveTab} className="multi-chat-config-tabs">
        {selected.map(({ model, params }, index) => (
          <Tabs.TabPane key={model.name} title={<span className="multi-chat-tab-title">{model.name}</span>}>
            <div className="multi-chat-model">
              <div className="multi-chat-model-name">{model.name}</div>
              <div className="multi-chat-model-tags">
                <Tag size="small">{CHAT_VENDOR_LABELS[vendorOf(model)]}</Tag>
                {capabilitiesOf(model).map((capability) => (
                  <Tag key={capability} size="small" color={capability === 'vision' ? 'arcoblue' : 'purple'}>
                    {CHAT_CAPABILITY_LABELS[capability]}
                  </Tag>
                ))}
              </div>
              <div className="multi-chat-model-params">{describeParams(params) || '默认参数'}</div>
              <div className="multi-chat-model-actions">
                {picker(
                  <Button size="small" icon={<IconSwap />}>
                    更换模型
                  </Button>,
                  (next) => void handleReplace(index, next),
                )}
                <Button size="small" status="danger" icon={<IconDelete />} onClick={() => onRemove(index)}>
                  移除
                </Button>
              </div>
            </div>
          </Tabs.TabPane>
        ))}
        <Tabs.TabPane
          key={ADD_TAB}
          title={
            <span className="multi-chat-tab-title">
              <IconPlus /> 添加模型
            </span>
          }
        >
          {picker(
            <Button type="dashed" long icon={<IconPlus />}>
              选择模型
            </Button>,
            (model) => void handleAdd(model),
          )}
        </Tabs.TabPane>
      </Tabs>
      <ModelParamsModal
        visible={editingModel !== null}
        model={editingModel?.model ?? null}
        value={editingModel?.params ?? {}}
        onOk={(params) => {
          if (editing !== null) onParamsChange(editing, params);
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
      />
    </aside>
  );
}
