import { Tooltip } from '@arco-design/web-react';
import type { ModelAvailability, ModelAvailabilityDay } from '@gw/shared';
import { availabilityLevel, percentText } from './availability-view';
import './availability-bars.css';

function DayDetails({ day }: { day: ModelAvailabilityDay }) {
  return (
    <>
      <div>{day.date}</div>
      <div>
        成功 {day.success}，失败 {day.failure}
      </div>
      <div>可用率：{percentText(day.percent)}</div>
    </>
  );
}

/** A model's availability: a bar per day, oldest on the left, coloured by its percent (details on hover), and the period's figure. */
export function AvailabilityBars({ availability }: { availability: ModelAvailability }) {
  return (
    <div className="model-availability">
      <div className="model-availability-bars">
        {availability.days.map((day) => (
          <Tooltip key={day.date} content={<DayDetails day={day} />}>
            <span className={`model-availability-bar model-availability-${availabilityLevel(day.percent)}`} aria-label={`${day.date} ${percentText(day.percent)}`} />
          </Tooltip>
        ))}
      </div>
      <span className={`model-availability-percent model-availability-text-${availabilityLevel(availability.percent)}`}>{percentText(availability.percent)}</span>
    </div>
  );
}
