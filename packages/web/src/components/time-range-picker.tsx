import { Button, DatePicker, Space } from '@arco-design/web-react';
import type { MsRange } from '@/lib/time-range';
import { useNarrowScreen } from '@/lib/screen';

export interface RangePreset {
  label: string;
  range: () => MsRange;
}

interface TimeRangePickerProps {
  value: MsRange;
  onChange: (range: MsRange) => void;
  presets?: RangePreset[];
}

/**
 * A date-time range with its presets as buttons beside it (Arco's own shortcuts want dayjs values,
 * which the console does not depend on); days after today cannot be picked.
 */
export function TimeRangePicker({ value, onChange, presets = [] }: TimeRangePickerProps) {
  // A phone has room for two short dates side by side, not two full date-times.
  const narrow = useNarrowScreen();
  return (
    <Space wrap size={8} className="time-range-picker">
      <DatePicker.RangePicker
        showTime
        allowClear={false}
        format={narrow ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm:ss'}
        style={{ width: narrow ? '100%' : 360 }}
        value={value}
        disabledDate={(current) => current.isAfter(new Date(), 'day')}
        onChange={(_text, dates) => dates?.length === 2 && onChange([dates[0].valueOf(), dates[1].valueOf()])}
      />
      {presets.map((preset) => (
        <Button key={preset.label} size="small" onClick={() => onChange(preset.range())}>
          {preset.label}
        </Button>
      ))}
    </Space>
  );
}
