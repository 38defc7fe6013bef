import { Button, InputNumber, Space } from '@arco-design/web-react';
import { DEFAULT_QUOTA_PER_UNIT, renderQuota } from '@gw/shared';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

/** Quota presets from $1 to $1000 (spec 2 §9). */
export const QUOTA_PRESETS = [1, 10, 50, 100, 500, 1000].map((dollars) => dollars * DEFAULT_QUOTA_PER_UNIT);

interface QuotaPresetInputProps {
  /** The input's accessible name. */
  label: string;
  min: number;
  value: number | undefined;
  display: QuotaDisplay;
  /** undefined while the input is empty. */
  onChange: (quota: number | undefined) => void;
}

/** A whole-number quota with its amount as the user sees it beside it, and the dollar quick picks below. */
export function QuotaPresetInput({ label, min, value, display, onChange }: QuotaPresetInputProps) {
  return (
    <>
      <InputNumber
        aria-label={label}
        min={min}
        precision={0}
        value={value}
        suffix={renderQuota(value ?? 0, display)}
        onChange={(quota) => onChange(Number.isNaN(quota) ? undefined : quota)}
      />
      <Space wrap>
        {QUOTA_PRESETS.map((quota) => (
          <Button key={quota} size="mini" onClick={() => onChange(quota)}>
            {renderQuota(quota, display)}
          </Button>
        ))}
      </Space>
    </>
  );
}
