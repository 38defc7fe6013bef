import { Button } from '@arco-design/web-react';
import { DATA_TYPES } from '@gw/shared';

interface TypeFilterProps {
  chosen: string[];
  onAll: () => void;
  onToggle: (type: string) => void;
}

/** The data-type filter row (spec 3 §2.1): '全部' clears the choice, each type toggles in it. */
export function TypeFilter({ chosen, onAll, onToggle }: TypeFilterProps) {
  const option = (label: string, pressed: boolean, onClick: () => void) => (
    <Button key={label} size="small" shape="round" type={pressed ? 'primary' : 'secondary'} aria-pressed={pressed} onClick={onClick}>
      {label}
    </Button>
  );
  return (
    <div className="data-market-types" role="group" aria-label="数据类型">
      {option('全部', chosen.length === 0, onAll)}
      {DATA_TYPES.map((type) => option(type, chosen.includes(type), () => onToggle(type)))}
    </div>
  );
}
