import { OptionCard } from '../components/option-card';
import { OptionInput } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';

export function ServerCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="通用设置" form={form} keys={['ServerAddress']} saveText="更新服务器地址">
      <OptionInput form={form} option="ServerAddress" placeholder="例如：https://yourdomain.com" />
    </OptionCard>
  );
}

export function WorkerCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="代理设置" form={form} keys={['WorkerUrl', 'WorkerValidKey']} saveText="更新 Worker 设置">
      <OptionInput form={form} option="WorkerUrl" placeholder="例如：https://workername.yourdomain.workers.dev" />
      <OptionInput form={form} option="WorkerValidKey" />
    </OptionCard>
  );
}

/** The Prometheus scrape token (docs/observability.md): /metrics answers only a request bearing it. */
export function MetricsCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="监控指标" form={form} keys={['MetricsToken']} saveText="更新指标令牌">
      <OptionInput form={form} option="MetricsToken" placeholder="Prometheus 抓取 /metrics 时使用的令牌" />
    </OptionCard>
  );
}
