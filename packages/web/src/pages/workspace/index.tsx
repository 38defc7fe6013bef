import { useMemo } from 'react';
import { Grid, Typography } from '@arco-design/web-react';
import { readQuotaDisplay } from '@/pages/setting/personal/quota-display';
import { BalanceCard } from './balance-card';
import { DatasetsUsedCard } from './datasets-used-card';
import { RecentRunsCard } from './recent-runs-card';
import { RecentTalkingsCard } from './recent-talkings-card';
import { useRecentRuns } from './use-recent-runs';
import './workspace.css';

/** /workspace: the signed-in user's own start page — balance, recent chats, runs and the datasets they read. */
export default function WorkspacePage() {
  const display = useMemo(readQuotaDisplay, []);
  const { runs, loading } = useRecentRuns();
  return (
    <div className="workspace-page">
      <Typography.Title heading={4} className="workspace-title">
        工作台
      </Typography.Title>
      <Grid.Row gutter={[16, 16]} align="stretch">
        <Grid.Col xs={24} lg={12}>
          <BalanceCard display={display} />
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <RecentTalkingsCard />
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <RecentRunsCard runs={runs} loading={loading} />
        </Grid.Col>
        <Grid.Col xs={24} lg={12}>
          <DatasetsUsedCard runs={runs} loading={loading} />
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}
