import { useState } from 'react';
import { Button, Empty, Input, Tag } from '@arco-design/web-react';
import { IconCheck } from '@arco-design/web-react/icon';
import {
  CHAT_CAPABILITIES,
  CHAT_CAPABILITY_LABELS,
  CHAT_VENDORS,
  CHAT_VENDOR_LABELS,
  MSG_CHAT_NO_MODEL,
  MSG_CHAT_USAGE_HISTORY,
  type ChatCapability,
  type ChatModelView,
} from '@gw/shared';
import { EMPTY_FILTER, capabilitiesOf, formatMaxTokens, groupByVendor, matchesFilter, vendorOf, type PickerFilter } from './picker-filter';

interface PickerPanelProps {
  models: ChatModelView[];
  historyModels: ChatModelView[];
  selected: string[];
  max: number;
  onPick: (model: ChatModelView) => void;
}

/** The picker popup's content: search, filters, the usage history and the model tree. */
export function PickerPanel({ models, historyModels, selected, max, onPick }: PickerPanelProps) {
  const [filter, setFilter] = useState<PickerFilter>(EMPTY_FILTER);
  const shownHistory = historyModels.filter((model) => matchesFilter(model, filter));
  const groups = groupByVendor(models.filter((model) => matchesFilter(model, filter)));
  // Only the vendors that have models are worth a filter button.
  const vendors = CHAT_VENDORS.filter((vendor) => models.some((model) => vendorOf(model) === vendor));

  const toggleCapability = (capability: ChatCapability) =>
    setFilter((current) => ({
      ...current,
      capabilities: current.capabilities.includes(capability) ? current.capabilities.filter((item) => item !== capability) : [...current.capabilities, capability],
    }));

  const renderRow = (model: ChatModelView, section: string) => {
    const picked = selected.includes(model.name);
    const maxTokens = formatMaxTokens(model.max_token);
    return (
      <button key={`${section}-${model.name}`} type="button" className={`model-picker-row${picked ? ' model-picker-row-picked' : ''}`} aria-pressed={picked} onClick={() => onPick(model)}>
        <span className="model-picker-name">{model.name}</span>
        <span className="model-picker-tags">
          {capabilitiesOf(model).map((capability) => (
            <Tag key={capability} size="small" color={capability === 'vision' ? 'arcoblue' : 'purple'}>
              {CHAT_CAPABILITY_LABELS[capability]}
            </Tag>
          ))}
          {maxTokens && (
            <Tag size="small" className="model-picker-window">
              {maxTokens}
            </Tag>
          )}
        </span>
        {picked && <IconCheck className="model-picker-check" />}
      </button>
    );
  };

  return (
    <div className="model-picker-panel" role="dialog" aria-label="选择模型">
      <Input.Search allowClear aria-label="搜索模型" placeholder="搜索模型" value={filter.search} onChange={(search) => setFilter((current) => ({ ...current, search }))} />
      <div className="model-picker-filters" role="group" aria-label="能力">
        {CHAT_CAPABILITIES.map((capability) => {
          const active = filter.capabilities.includes(capability);
          return (
            <Button key={capability} size="mini" type={active ? 'primary' : 'secondary'} aria-pressed={active} onClick={() => toggleCapability(capability)}>
              {CHAT_CAPABILITY_LABELS[capability]}
            </Button>
          );
        })}
      </div>
      <div className="model-picker-filters" role="group" aria-label="厂商">
        <Button size="mini" type={filter.vendor === null ? 'primary' : 'secondary'} aria-pressed={filter.vendor === null} onClick={() => setFilter((current) => ({ ...current, vendor: null }))}>
          全部
        </Button>
        {vendors.map((vendor) => {
          const active = filter.vendor === vendor;
          return (
            <Button key={vendor} size="mini" type={active ? 'primary' : 'secondary'} aria-pressed={active} onClick={() => setFilter((current) => ({ ...current, vendor: active ? null : vendor }))}>
              {CHAT_VENDOR_LABELS[vendor]}
            </Button>
          );
        })}
      </div>
      <div className="model-picker-count">
        已选 {selected.length}/{max}
      </div>
      <div className="model-picker-list">
        {shownHistory.length > 0 && (
          <section aria-label={MSG_CHAT_USAGE_HISTORY}>
            <h4 className="model-picker-group">{MSG_CHAT_USAGE_HISTORY}</h4>
            {shownHistory.map((model) => renderRow(model, 'history'))}
          </section>
        )}
        {groups.map((group) => (
          <section key={group.vendor} aria-label={CHAT_VENDOR_LABELS[group.vendor]}>
            <h4 className="model-picker-group">{CHAT_VENDOR_LABELS[group.vendor]}</h4>
            {group.models.map((model) => renderRow(model, group.vendor))}
          </section>
        ))}
        {groups.length === 0 && shownHistory.length === 0 && <Empty description={MSG_CHAT_NO_MODEL} />}
      </div>
    </div>
  );
}
