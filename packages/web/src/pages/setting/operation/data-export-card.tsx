import { Alert } from '@arco-design/web-react';
import { OptionCard } from '../components/option-card';
import { OptionNumber, OptionSelect, OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

const GRANULARITIES = [
  { value: 'hour', label: '小时' },
  { value: 'day', label: '天' },
  { value: 'week', label: '周' },
];

export function DataExportCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="数据看板设置" form={form} keys={['DataExportInterval', 'DataExportDefaultTime']}>
      <OptionSwitch form={form} option="DataExportEnabled" />
      <Alert type="warning" content="数据看板更新间隔越短，数据库压力越大，请谨慎设置" style={{ marginBottom: 12 }} />
      <OptionNumber form={form} option="DataExportInterval" />
      <OptionSelect form={form} option="DataExportDefaultTime" choices={GRANULARITIES} />
    </OptionCard>
  );
}
