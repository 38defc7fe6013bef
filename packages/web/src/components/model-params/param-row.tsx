import { InputNumber, Slider } from '@arco-design/web-react';
import { paramLabel, paramStep, type ModelParamRule } from '@gw/shared';

interface ParamRowProps {
  rule: ModelParamRule;
  /** undefined while the number box is empty. */
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}

/** One parameter: a slider and a number box bound by the rule's min, max and step. */
export function ParamRow({ rule, value, onChange }: ParamRowProps) {
  const step = paramStep(rule);
  return (
    <div className="model-params-row">
      <div className="model-params-label">
        <span>
          {paramLabel(rule.name)} <span className="model-params-key">{rule.name}</span>
        </span>
        <span className="model-params-range">
          {rule.min} ~ {rule.max}
        </span>
      </div>
      <div className="model-params-inputs">
        <Slider
          className="model-params-slider"
          min={rule.min}
          max={rule.max}
          step={step}
          // The slider cannot show an empty or out-of-range value; the number box shows it as typed.
          value={Math.min(rule.max, Math.max(rule.min, value ?? rule.default))}
          onChange={(next) => onChange(next as number)}
        />
        <InputNumber
          className="model-params-number"
          aria-label={rule.name}
          min={rule.min}
          max={rule.max}
          step={step}
          precision={rule.type === 'int' ? 0 : rule.precision}
          value={value}
          onChange={(next) => onChange(next ?? undefined)}
        />
      </div>
    </div>
  );
}
