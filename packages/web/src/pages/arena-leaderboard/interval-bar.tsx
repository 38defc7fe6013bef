import type { ArenaRating } from '@gw/shared';
import { formatRating, positionOn, type IntervalScale } from './board-format';

/** A rating's 95 % interval as a bar on the board's common scale, the rating a dot on it. */
export function IntervalBar({ rating, scale }: { rating: ArenaRating; scale: IntervalScale }) {
  const left = positionOn(scale, rating.ci_low);
  const right = positionOn(scale, rating.ci_high);
  const text = `${formatRating(rating.ci_low)}–${formatRating(rating.ci_high)}`;
  return (
    <div className="arena-interval" title={`95% 区间 ${text}，评分 ${formatRating(rating.rating)}`}>
      <div className="arena-interval-track" role="img" aria-label={`${rating.model} 的 95% 区间 ${text}`}>
        <div className="arena-interval-range" style={{ left: `${left}%`, width: `${Math.max(right - left, 0)}%` }} />
        <div className="arena-interval-dot" style={{ left: `${positionOn(scale, rating.rating)}%` }} />
      </div>
      <span className="arena-interval-text">{text}</span>
    </div>
  );
}
