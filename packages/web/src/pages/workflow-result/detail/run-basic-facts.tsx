import { Tag } from '@arco-design/web-react';
import type { WorkflowRunView } from '@gw/shared';
import { SOURCE_LABELS } from '../run-view';

/** The facts every view of a run starts with — its models, its source and its size — as items of a `run-facts` list. */
export function RunBasicFacts({ run }: { run: WorkflowRunView }) {
  return (
    <>
      <div>
        <dt>模型</dt>
        <dd className="run-models">
          {run.models.map((model) => (
            <Tag key={model} size="small" color="arcoblue">
              {model}
            </Tag>
          ))}
        </dd>
      </div>
      <div>
        <dt>{SOURCE_LABELS[run.source_kind] ?? '来源'}</dt>
        <dd>{run.source_name || '—'}</dd>
      </div>
      <div>
        <dt>样本数</dt>
        <dd>{run.samples.toLocaleString('zh-CN')}</dd>
      </div>
    </>
  );
}
