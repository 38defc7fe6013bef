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

/**
 * SqlDsns (spec 1 §3 option keys, with no place on the spec's settings cards): database connection
 * strings hold passwords, so it is a secret option, encrypted at rest and never shown again. Nothing
 * in the gateway reads it (every instance shares one database): the hint says so.
 */
export function SqlDsnsCard({ form }: { form: OptionsForm }) {
  return (
    <OptionCard title="数据库连接" form={form} keys={['SqlDsns']} saveText="更新数据库连接串">
      <OptionInput form={form} option="SqlDsns" extra="加密保存，保存后不再显示；网关各实例共用一个数据库，目前不读取此项" />
    </OptionCard>
  );
}
