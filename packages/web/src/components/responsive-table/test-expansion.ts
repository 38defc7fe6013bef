import { fireEvent, within } from '@testing-library/react';

/** Opens a desktop table row's expansion (its inExpandedRow columns) and returns the expansion's row. */
export function openExpansion(row: HTMLElement): HTMLElement {
  fireEvent.click(within(row).getByRole('button', { name: '展开更多信息' }));
  const expansion = row.nextElementSibling as HTMLElement | null;
  if (!expansion?.querySelector('.rt-expansion')) throw new Error('the row has no expansion after it');
  return expansion;
}
