import { Drawer, Tabs } from '@arco-design/web-react';
import { DatasetRun } from './dataset-run';
import { QueryRun } from './query-run';

interface RunDrawerProps {
  visible: boolean;
  onClose: () => void;
  ensureSaved: () => Promise<boolean>;
}

/** The run panel: a streamed try of one question, or the whole dataset in the background. Kept mounted so a run in progress survives closing it. */
export function RunDrawer({ visible, onClose, ensureSaved }: RunDrawerProps) {
  return (
    <Drawer visible={visible} title="运行工作流" placement="right" width="min(520px, 100vw)" footer={null} onCancel={onClose}>
      <Tabs defaultActiveTab="query">
        <Tabs.TabPane key="query" title="单条试运行">
          <QueryRun ensureSaved={ensureSaved} />
        </Tabs.TabPane>
        <Tabs.TabPane key="dataset" title="运行整个数据集">
          <DatasetRun ensureSaved={ensureSaved} />
        </Tabs.TabPane>
      </Tabs>
    </Drawer>
  );
}
