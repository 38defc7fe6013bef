import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/** An Arco popup (confirmation, select options) takes clicks once its opening animation has run, as for a real user. */
export async function whenClickable(element: HTMLElement): Promise<HTMLElement> {
  await waitFor(() => expect(element.closest('[style*="pointer-events: none"]')).toBeNull());
  return element;
}
