import { Empty, Pagination, Spin } from '@arco-design/web-react';
import { WORKFLOW_RUN_DETAIL_PAGE_SIZE, type WorkflowRunSample } from '@gw/shared';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';
import { SampleCard } from './sample-card';

interface EffectTabProps {
  models: string[];
  samples: WorkflowRunSample[];
  total: number;
  page: number;
  loading: boolean;
  display: QuotaDisplay;
  onPageChange: (page: number) => void;
}

/** 效果对比 (spec 3 §2.7): the samples a page at a time, each with the answers of every model. */
export function EffectTab({ models, samples, total, page, loading, display, onPageChange }: EffectTabProps) {
  return (
    <div className="run-effect">
      <Spin loading={loading} block className="workflow-spin">
        {samples.length === 0 ? (
          <Empty className="workflow-empty" description={loading ? ' ' : '还没有回答'} />
        ) : (
          <div className="run-samples">
            {samples.map((sample) => (
              <SampleCard key={sample.index} sample={sample} models={models} display={display} />
            ))}
          </div>
        )}
      </Spin>
      {total > WORKFLOW_RUN_DETAIL_PAGE_SIZE && (
        <Pagination className="workflow-pager" current={page} pageSize={WORKFLOW_RUN_DETAIL_PAGE_SIZE} total={total} onChange={onPageChange} showTotal size="small" />
      )}
    </div>
  );
}
