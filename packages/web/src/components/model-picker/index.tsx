import { useState, type ReactNode } from 'react';
import { Trigger } from '@arco-design/web-react';
import type { ChatModelView } from '@gw/shared';
import { PickerPanel } from './picker-panel';
import './model-picker.css';

export interface ModelPickerProps {
  models: ChatModelView[];
  /** Models chatted with before, shown first under "使用历史". */
  historyModels: ChatModelView[];
  /** Names of the models already chosen (marked in the list). */
  selected: string[];
  max: number;
  /** Reports a pick and closes; the caller decides whether the pick is allowed. */
  onPick: (model: ChatModelView) => void;
  /** What opens the popup on click. */
  trigger: ReactNode;
}

/** The model picker popup (spec 3 §2.9). */
export function ModelPicker({ models, historyModels, selected, max, onPick, trigger }: ModelPickerProps) {
  const [open, setOpen] = useState(false);

  const handlePick = (model: ChatModelView) => {
    setOpen(false);
    onPick(model);
  };

  return (
    <Trigger
      trigger="click"
      position="bl"
      popupVisible={open}
      onVisibleChange={setOpen}
      autoFitPosition
      unmountOnExit
      popup={() => (
        // Escape closes the popup like a menu (Trigger itself closes only on an outside click).
        <div onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
          <PickerPanel models={models} historyModels={historyModels} selected={selected} max={max} onPick={handlePick} />
        </div>
      )}
    >
      <span className="model-picker-trigger">{trigger}</span>
    </Trigger>
  );
}
