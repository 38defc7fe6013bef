import { Avatar, Card, Descriptions, Grid, Space, Statistic, Tag, Typography } from '@arco-design/web-react';
import { ROLE_ROOT, renderQuota } from '@gw/shared';
import { quotaTitle } from '@/components/quota-text';
import type { User } from '@/stores/user';
import type { QuotaDisplay } from './quota-display';

interface ProfileCardProps {
  user: User;
  display: QuotaDisplay;
}

export function ProfileCard({ user, display }: ProfileCardProps) {
  const isRoot = user.role >= ROLE_ROOT;
  const name = user.display_name || user.username;
  return (
    <Card style={{ marginBottom: 16 }}>
      <Space size="large" align="center" style={{ marginBottom: 16 }}>
        <Avatar size={48}>{name.charAt(0).toUpperCase()}</Avatar>
        <Typography.Title heading={5} style={{ margin: 0 }}>
          {name}
        </Typography.Title>
        <Tag color={isRoot ? 'red' : undefined}>{isRoot ? '管理员' : '普通用户'}</Tag>
      </Space>
      <Descriptions
        column={2}
        data={[
          { label: 'ID', value: user.id },
          { label: '分组', value: user.group },
        ]}
      />
      <Grid.Row gutter={16}>
        <Grid.Col span={8} title={quotaTitle(user.quota)}>
          <Statistic title="当前余额" value={renderQuota(user.quota, { ...display, digits: 'precise' })} />
        </Grid.Col>
        <Grid.Col span={8} title={quotaTitle(user.used_quota)}>
          <Statistic title="历史消耗" value={renderQuota(user.used_quota, { ...display, digits: 'precise' })} />
        </Grid.Col>
        <Grid.Col span={8}>
          <Statistic title="请求次数" value={user.request_count} />
        </Grid.Col>
      </Grid.Row>
    </Card>
  );
}
