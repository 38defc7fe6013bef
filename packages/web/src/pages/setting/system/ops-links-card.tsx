import { Card, Link, Typography } from '@arco-design/web-react';

/**
 * Root's operations pages, served by the server itself and opened in a new tab (docs/observability.md):
 * the console API's OpenAPI description and the BullMQ queue dashboard.
 */
export function OpsLinksCard() {
  return (
    <Card title="运维工具" style={{ marginBottom: 16 }}>
      <Typography.Paragraph>
        <Link href="/api/docs" target="_blank" rel="noopener noreferrer">
          接口文档
        </Link>
        ：控制台 API 的接口说明，可在页面中试调用
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        <Link href="/api/queues" target="_blank" rel="noopener noreferrer">
          任务队列
        </Link>
        ：后台任务的队列面板，可查看、重试、清理、暂停任务（需配置 REDIS_URL）
      </Typography.Paragraph>
    </Card>
  );
}
