import type { ModelStatusSummary } from '@gw/shared';

/** 「3 个渠道可用 · 1 个自动禁用」: the counts that are not zero, the usable channels always first. */
export function summaryLabel(summary: ModelStatusSummary): string {
  const parts = [`${summary.enabled} 个渠道可用`];
  if (summary.auto_disabled > 0) parts.push(`${summary.auto_disabled} 个自动禁用`);
  if (summary.manually_disabled > 0) parts.push(`${summary.manually_disabled} 个手动禁用`);
  if (summary.channel_disabled > 0) parts.push(`${summary.channel_disabled} 个渠道已停用`);
  return parts.join(' · ');
}

/** Green while every channel serves the model, orange when some do not, red when none does. */
export function summaryColor(summary: ModelStatusSummary): string {
  if (summary.enabled === 0) return 'red';
  return summary.enabled === summary.channels.length ? 'green' : 'orange';
}
