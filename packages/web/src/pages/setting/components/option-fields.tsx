import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Select, Space, Switch, Typography } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import { definitionOf, isSecretOption } from '../option-form';
import { OPTION_LABELS } from '../option-labels';
import type { OptionsForm } from '../use-options-form';

export const SECRET_PLACEHOLDER = '敏感信息不会发送到前端显示，已设置则留空不修改';
const SECRET_HIDDEN = '敏感信息不会发送到前端显示';

interface FieldProps {
  form: OptionsForm;
  option: OptionKey;
  placeholder?: string;
  /** A hint under the field. */
  extra?: ReactNode;
}

function OptionItem({ form, option, extra, children }: Omit<FieldProps, 'placeholder'> & { children: ReactNode }) {
  const error = form.errors[option];
  return (
    <Form.Item label={OPTION_LABELS[option]} validateStatus={error ? 'error' : undefined} help={error} extra={extra}>
      {children}
    </Form.Item>
  );
}

/** A text option; a secret one is a password input that is only sent when filled. */
export function OptionInput({ form, option, placeholder, extra }: FieldProps) {
  const secret = isSecretOption(option);
  const props = {
    'aria-label': OPTION_LABELS[option],
    value: form.values[option],
    onChange: (value: string) => form.setValue(option, value),
    placeholder: secret ? (form.readOnly ? SECRET_HIDDEN : SECRET_PLACEHOLDER) : placeholder,
  };
  return (
    <OptionItem form={form} option={option} extra={extra}>
      {secret ? <Input.Password {...props} autoComplete="new-password" /> : <Input {...props} />}
    </OptionItem>
  );
}

/** A number option with the minimum of its definition. */
export function OptionNumber({ form, option, placeholder, extra }: FieldProps) {
  const definition = definitionOf(option);
  const raw = form.values[option];
  return (
    <OptionItem form={form} option={option} extra={extra}>
      <InputNumber
        aria-label={OPTION_LABELS[option]}
        value={raw.trim() === '' ? undefined : Number(raw)}
        min={definition.min}
        precision={definition.kind === 'int' ? 0 : undefined}
        placeholder={placeholder}
        onChange={(value) => form.setValue(option, value === undefined || Number.isNaN(value) ? '' : String(value))}
      />
    </OptionItem>
  );
}

/** A long text option: JSON, one entry per line, HTML or Markdown. */
export function OptionTextArea({ form, option, placeholder, extra, rows = 6 }: FieldProps & { rows?: number }) {
  return (
    <OptionItem form={form} option={option} extra={extra}>
      <Input.TextArea
        aria-label={OPTION_LABELS[option]}
        value={form.values[option]}
        onChange={(value) => form.setValue(option, value)}
        placeholder={placeholder}
        autoSize={{ minRows: rows, maxRows: 20 }}
        style={{ fontFamily: definitionOf(option).kind === 'json' ? 'monospace' : undefined }}
      />
    </OptionItem>
  );
}

/** A string option with a fixed set of values. */
export function OptionSelect({ form, option, choices }: { form: OptionsForm; option: OptionKey; choices: { value: string; label: string }[] }) {
  return (
    <OptionItem form={form} option={option}>
      <Select aria-label={OPTION_LABELS[option]} value={form.values[option]} options={choices} onChange={(value: string) => form.setValue(option, value)} />
    </OptionItem>
  );
}

interface OptionSwitchProps {
  form: OptionsForm;
  option: OptionKey;
  /** Replaces the immediate save, for switches that ask first. */
  onToggle?: (checked: boolean) => void;
  /** Shown and locked on, whatever is stored (for example SMTP SSL on port 465). */
  forcedOn?: boolean;
  /** A hint under the switch. */
  extra?: ReactNode;
}

/** A boolean option, saved as soon as it is toggled (spec 1 §4). */
export function OptionSwitch({ form, option, onToggle, forcedOn, extra }: OptionSwitchProps) {
  const handleChange = (checked: boolean) => (onToggle ? onToggle(checked) : void form.toggle(option, checked));
  return (
    <div style={{ marginBottom: 12 }}>
      <Space>
        <Switch
          aria-label={OPTION_LABELS[option]}
          checked={forcedOn || form.values[option] === 'true'}
          disabled={forcedOn || form.readOnly}
          loading={form.pending[option]}
          onChange={handleChange}
        />
        <Typography.Text>{OPTION_LABELS[option]}</Typography.Text>
      </Space>
      {extra && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12 }}>
          {extra}
        </Typography.Paragraph>
      )}
    </div>
  );
}
