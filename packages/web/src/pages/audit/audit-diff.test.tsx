import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { AUDIT_SECRET_CHANGED } from '@gw/shared';
import { AuditDiff } from './audit-diff';

/** The diff's rows as text: [字段, 修改前, 修改后]. */
function rowsOf(container: HTMLElement): string[][] {
  return [...container.querySelectorAll('tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe(AuditDiff.name, () => {
  it('shows each changed field side by side under 字段, 修改前, 修改后', () => {
    const { container } = render(<AuditDiff before={{ quota: 100, name: 'old' }} after={{ quota: 200, name: 'new' }} />);
    expect(rowsOf(container)).toEqual([
      ['字段', '修改前', '修改后'],
      ['quota', '100', '200'],
      ['name', 'old', 'new'],
    ]);
  });

  it('shows a secret as 已修改 on both sides, never a value', () => {
    const { container } = render(<AuditDiff before={{ key: AUDIT_SECRET_CHANGED }} after={{ key: AUDIT_SECRET_CHANGED }} />);
    const [, row] = rowsOf(container);
    expect(row).toEqual(['key', '已修改', '已修改']);
    expect(container.textContent).not.toContain('$secret');
  });

  it('shows a dash for the side a creation or deletion lacks, JSON for structured values and （空） for empty text', () => {
    const { container } = render(<AuditDiff before={{ 'ModelRatio.gpt-4o': 2.5, remark: '' }} after={{ groups: ['default', 'vip'], remark: 'vip' }} />);
    expect(rowsOf(container).slice(1)).toEqual([
      ['ModelRatio.gpt-4o', '2.5', '—'],
      ['remark', '（空）', 'vip'],
      ['groups', '—', '["default","vip"]'],
    ]);
  });

  it('says so when no field changed (a sign-in)', () => {
    render(<AuditDiff before={{}} after={{}} />);
    expect(screen.getByText('无字段变更')).toBeTruthy();
    expect(within(document.body).queryByText('修改前')).toBeNull();
  });
});
