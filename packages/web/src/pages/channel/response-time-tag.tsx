import { Tag, Tooltip } from '@arco-design/web-react';
import type { ChannelRow } from '@/api/channels';
import { formatTimestamp } from '@/lib/time';
import { formatResponseTime, responseTimeColor } from './response-time';
import { isTagRow } from './tag-rows';

/** The response time shaded by speed (spec 2 §4); a tested channel tells when in a tooltip. */
export function ResponseTimeTag({ row }: { row: ChannelRow }) {
  const tag = <Tag color={responseTimeColor(row.response_time)}>{formatResponseTime(row.response_time)}</Tag>;
  if (isTagRow(row) || !row.test_time) return tag;
  return <Tooltip content={`测试时间：${formatTimestamp(row.test_time)}`}>{tag}</Tooltip>;
}
