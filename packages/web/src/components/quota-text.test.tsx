import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { formatAmount, formatPreciseAmount, renderQuota } from '@gw/shared';
import { QuotaText } from '@/components/quota-text';

const dollars = { displayInCurrency: true, quotaPerUnit: 500000 };

describe(renderQuota.name, () => {
  it('shows 2 decimals (6 in detail views) for amounts they can show', () => {
    expect(renderQuota(500000, dollars)).toBe('$1.00');
    expect(renderQuota(1234567, dollars)).toBe('$2.47');
    expect(renderQuota(0, dollars)).toBe('$0.00');
    expect(renderQuota(20, { ...dollars, digits: 6 })).toBe('$0.000040');
  });

  it('never shows a nonzero charge as $0.00: two significant digits instead', () => {
    expect(renderQuota(20, dollars)).toBe('$0.000040');
    expect(renderQuota(1, dollars)).toBe('$0.0000020');
    expect(renderQuota(2000, dollars)).toBe('$0.0040');
    expect(renderQuota(2499, dollars)).toBe('$0.0050');
    expect(renderQuota(2500, dollars)).toBe('$0.01');
    expect(renderQuota(-20, dollars)).toBe('$-0.000040');
    expect(renderQuota(1, { ...dollars, digits: 6 })).toBe('$0.000002');
  });

  it('abbreviates counts when currency display is off', () => {
    expect(renderQuota(20, { ...dollars, displayInCurrency: false })).toBe('20');
    expect(renderQuota(1_500_000, { ...dollars, displayInCurrency: false })).toBe('1.5M');
  });
});

describe(formatAmount.name, () => {
  it('keeps the asked decimals when they show the amount', () => {
    expect(formatAmount(0.01, 2)).toBe('0.01');
    expect(formatAmount(12.345678, 6)).toBe('12.345678');
  });
});

describe(formatPreciseAmount.name, () => {
  it('shows a balance with the fewest decimals from 2 to 6 that keep it exact to 6 decimals', () => {
    expect(formatPreciseAmount(10)).toBe('10.00');
    expect(formatPreciseAmount(9.99936)).toBe('9.99936');
    expect(formatPreciseAmount(9.5)).toBe('9.50');
    expect(formatPreciseAmount(0.000002)).toBe('0.000002');
    expect(formatPreciseAmount(1.1234567)).toBe('1.123457');
    expect(formatPreciseAmount(0)).toBe('0.00');
  });

  it('is what renderQuota shows for a balance (digits: precise)', () => {
    expect(renderQuota(5_000_000 - 320, { ...dollars, digits: 'precise' })).toBe('$9.99936');
    expect(renderQuota(5_000_000, { ...dollars, digits: 'precise' })).toBe('$10.00');
  });
});

describe(QuotaText.name, () => {
  it('shows the amount with the raw quota on hover', () => {
    render(<QuotaText quota={20} display={dollars} />);
    expect(screen.getByText('$0.000040').getAttribute('title')).toBe('原始额度：20');
  });
});
