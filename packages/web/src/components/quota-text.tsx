import { renderQuota, type AmountDigits } from '@gw/shared';
import type { QuotaDisplay } from '@/pages/setting/personal/quota-display';

/** The hover text of an amount: the quota it was computed from, which no rounding hides. */
export const quotaTitle = (quota: number) => `原始额度：${quota.toLocaleString('zh-CN')}`;

interface QuotaTextProps {
  quota: number;
  display: QuotaDisplay;
  /** Decimals in currency display: 2 by default, 6 in detail views (spec 1 §9), 'precise' for a balance. */
  digits?: AmountDigits;
}

/** Quota as the user sees it (a small charge never reads $0.00), with the raw quota on hover. */
export function QuotaText({ quota, display, digits }: QuotaTextProps) {
  return <span title={quotaTitle(quota)}>{renderQuota(quota, { ...display, digits })}</span>;
}
