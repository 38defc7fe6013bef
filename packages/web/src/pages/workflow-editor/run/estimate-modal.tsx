import { Alert, Descriptions, Modal, Table } from '@arco-design/web-react';
import { MSG_WORKFLOW_QUOTA_SHORT, renderQuota, type WorkflowEstimate } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';

interface EstimateModalProps {
  estimate: WorkflowEstimate | null;
  starting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const SOURCE_KIND = { query: '问题', dataset: '数据集', file: '文件' } as const;

/** The cost of a whole-dataset run before it starts; refused (confirm disabled) when the quota cannot cover it. */
export function EstimateModal({ estimate, starting, onConfirm, onCancel }: EstimateModalProps) {
  const display = readQuotaDisplay();
  return (
    <Modal
      title="运行整个数据集"
      visible={estimate !== null}
      okText="开始运行"
      okButtonProps={{ disabled: !estimate?.enough }}
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
              { label: '预计消耗', value: <QuotaText quota={estimate.quota} display={display} /> },
              { label: '剩余额度', value: <QuotaText quota={estimate.user_quota} display={display} /> },
            ]}
          />
          <Table
            size="small"
            rowKey="node_id"
            pagination={false}
            scroll={{ x: 480 }}
            data={estimate.models}
            columns={[
              { title: '模型', dataIndex: 'model' },
              { title: '调用次数', dataIndex: 'calls' },
              { title: '输入 Tokens', dataIndex: 'prompt_tokens' },
              { title: '输出 Tokens', dataIndex: 'completion_tokens' },
              { title: '额度', dataIndex: 'quota', render: (quota: number) => <QuotaText quota={quota} display={display} /> },
            ]}
          />
          {estimate.enough ? null : (
            <Alert type="error" content={MSG_WORKFLOW_QUOTA_SHORT(renderQuota(estimate.quota, display), renderQuota(estimate.user_quota, display))} />
          )}
        </div>
      ) : null}
    </Modal>
  );
}
