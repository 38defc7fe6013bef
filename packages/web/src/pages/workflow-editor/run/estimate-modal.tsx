import { Alert, Descriptions, Modal, Table, Typography } from '@arco-design/web-react';
import { MSG_WORKFLOW_EMPTY_SAMPLES, MSG_WORKFLOW_QUOTA_SHORT, renderQuota, type WorkflowCompletionBasis, type WorkflowEstimate, type WorkflowEstimateModel } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import './scorer-editor.css';

interface EstimateModalProps {
  estimate: WorkflowEstimate | null;
  /** Each sample asked this many times per model: already in the calls. */
  repeats: number;
  starting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const SOURCE_KIND = { query: '问题', dataset: '数据集', file: '文件' } as const;
const COMPLETION_BASIS: Record<WorkflowCompletionBasis, string> = { history: '近期回答均值', max_tokens: '最大输出长度', default: '默认长度' };

/**
 * The cost of a whole-dataset run before it starts, as a range; refused (confirm disabled) when
 * samples would be sent as empty prompts or the quota cannot cover it.
 */
export function EstimateModal({ estimate, repeats, starting, onConfirm, onCancel }: EstimateModalProps) {
  const display = readQuotaDisplay();
  const refused = !estimate?.enough || estimate.empty_samples > 0;
  return (
    <Modal
      title="运行整个数据集"
      visible={estimate !== null}
      okText="开始运行"
      okButtonProps={{ disabled: refused }}
      confirmLoading={starting}
      onOk={onConfirm}
      onCancel={onCancel}
      style={{ width: 'min(640px, calc(100vw - 32px))' }}
      unmountOnExit
    >
      {estimate ? (
        <div className="wf-estimate">
          <Descriptions
            column={1}
            size="small"
            data={[
              { label: '数据来源', value: `${SOURCE_KIND[estimate.source.kind]} ${estimate.source.name}（字段 ${estimate.source.field}）` },
              { label: '样本数', value: estimate.samples },
              ...(repeats > 1 ? [{ label: '重复次数', value: `每个样本问 ${repeats} 次` }] : []),
              {
                label: '预计消耗',
                value:
                  estimate.quota_high > estimate.quota ? (
                    <>
                      <QuotaText quota={estimate.quota} display={display} /> ~ <QuotaText quota={estimate.quota_high} display={display} />
                    </>
                  ) : (
                    <QuotaText quota={estimate.quota} display={display} />
                  ),
              },
              { label: '剩余额度', value: <QuotaText quota={estimate.user_quota} display={display} /> },
            ]}
          />
          <Typography.Paragraph type="secondary">
            低值按模型最近回答你的平均长度估算输出（没有记录时按最大输出长度，或默认长度），高值按其两倍且不超过最大输出长度。
          </Typography.Paragraph>
          <Table
            size="small"
            // One row per model of each llm node: a node of several models has several rows.
            rowKey={(row) => `${row.node_id}:${row.model}:${row.variant}`}
            pagination={false}
            scroll={{ x: 560 }}
            data={estimate.models}
            columns={[
              { title: '模型', dataIndex: 'model', render: (model: string, row: WorkflowEstimateModel) => (row.variant ? `${model}·${row.variant}` : model) },
              { title: '调用次数', dataIndex: 'calls' },
              { title: '输入 Tokens', dataIndex: 'prompt_tokens' },
              { title: '输出 Tokens', dataIndex: 'completion_tokens' },
              { title: '输出依据', dataIndex: 'completion_basis', render: (basis: WorkflowCompletionBasis) => COMPLETION_BASIS[basis] },
              { title: '额度', dataIndex: 'quota', render: (quota: number) => <QuotaText quota={quota} display={display} /> },
            ]}
          />
          {estimate.judges.length > 0 && (
            <section className="wf-estimate-judges" aria-label="评审调用">
              <Typography.Text bold>评审调用</Typography.Text>
              <Table
                size="small"
                rowKey="scorer"
                pagination={false}
                scroll={{ x: 420 }}
                data={estimate.judges}
                columns={[
                  { title: '评分', dataIndex: 'scorer' },
                  { title: '评审模型', dataIndex: 'model' },
                  { title: '调用次数', dataIndex: 'calls' },
                  { title: '额度', dataIndex: 'quota', render: (quota: number) => <QuotaText quota={quota} display={display} /> },
                ]}
              />
              <Typography.Text type="secondary" className="wf-estimate-judges-note">
                评审按每个回答评审一次估算，已计入预计消耗；「仅评审通过前面评分的回答」的评审实际调用可能更少。
              </Typography.Text>
            </section>
          )}
          {estimate.empty_samples > 0 ? <Alert type="error" content={MSG_WORKFLOW_EMPTY_SAMPLES(estimate.empty_samples, estimate.source.field)} /> : null}
          {estimate.enough ? null : (
            <Alert type="error" content={MSG_WORKFLOW_QUOTA_SHORT(renderQuota(estimate.quota, display), renderQuota(estimate.user_quota, display))} />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
