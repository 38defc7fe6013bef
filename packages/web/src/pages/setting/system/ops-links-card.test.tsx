import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { OpsLinksCard } from './ops-links-card';

describe(OpsLinksCard.name, () => {
  afterEach(cleanup);

  it('opens the API docs and the queue dashboard of the server in a new tab', () => {
    render(<OpsLinksCard />);
    for (const [name, href] of [
      ['接口文档', '/api/docs'],
      ['任务队列', '/api/queues'],
    ]) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
  });
});
