import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { SourceRowView } from '@gw/shared';
import { SampleTable } from './sample-table';

const DATASET = { data_format: '{"options":"array"}', image_field: 'pic', cloud_path: 'https://cdn.example.com' };
const row = (id: number, body: object): SourceRowView => ({ id, body: JSON.stringify(body), cloud_path: '', tag: '' });
const headers = (container: HTMLElement) => [...container.querySelectorAll('th')].map((cell) => cell.textContent);

describe(SampleTable.name, () => {
  it('shows at most maxColumns flattened columns, preferred ones first', () => {
    const rows = [row(1, { z: 1, answer: 'a', meta: { level: 2 }, question: 'q', id: 9, options: ['x', 'y'] })];
    const { container } = render(<SampleTable rows={rows} dataset={DATASET} maxColumns={5} compact />);
    expect(headers(container)).toEqual(['id', 'question', 'answer', 'options', 'z']);
    expect(screen.getByText('x')).toBeTruthy();
  });

  it('flattens nested fields into dotted columns when there is no limit', () => {
    const { container } = render(<SampleTable rows={[row(1, { question: 'q', meta: { level: 2 } })]} dataset={DATASET} />);
    expect(headers(container)).toEqual(['question', 'meta.level']);
  });

  it('says 暂无数据 without rows', () => {
    render(<SampleTable rows={[]} dataset={DATASET} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('hands the parsed record and the row to onRowClick', () => {
    const onRowClick = vi.fn();
    const rows = [row(1, { question: '第一题' }), row(2, { question: '第二题' })];
    render(<SampleTable rows={rows} dataset={DATASET} onRowClick={onRowClick} />);
    fireEvent.click(screen.getByText('第二题'));
    expect(onRowClick).toHaveBeenCalledWith({ question: '第二题' }, rows[1]);
  });

  it('opens an image field in the preview, not the row, with a placeholder when it fails to load', async () => {
    const onRowClick = vi.fn();
    const { container } = render(<SampleTable rows={[row(1, { question: 'q', pic: 'a.png' })]} dataset={DATASET} onRowClick={onRowClick} />);
    fireEvent.click(container.querySelector('img.field-value-thumb') as HTMLImageElement);
    expect(onRowClick).not.toHaveBeenCalled();
    const preview = (await screen.findByAltText('图片预览')) as HTMLImageElement;
    expect(preview.getAttribute('src')).toBe('https://cdn.example.com/a.png');
    fireEvent.error(preview);
    expect(await screen.findByText('图片加载失败')).toBeTruthy();
  });

  describe('on a phone', () => {
    afterEach(() => {
      window.innerWidth = 1024;
    });

    it('shows each record as a card of its first fields, the others under 更多, and the whole card opens the record', () => {
      window.innerWidth = 390;
      const onRowClick = vi.fn();
      const rows = [row(1, { id: 7, question: '第一题', answer: 'A', z: '最后一列' })];
      const { container } = render(<SampleTable rows={rows} dataset={DATASET} onRowClick={onRowClick} />);
      expect(headers(container)).toEqual([]);
      const card = within(container.querySelector('.rt-card') as HTMLElement);
      for (const field of ['id', 'question', 'answer']) expect(card.getByText(field)).toBeTruthy();
      expect(card.queryByText('最后一列')).toBeNull();

      fireEvent.click(card.getByRole('button', { name: '更多' }));
      expect(card.getByText('最后一列')).toBeTruthy();
      expect(onRowClick).not.toHaveBeenCalled();
      fireEvent.click(card.getByText('第一题'));
      expect(onRowClick).toHaveBeenCalledWith({ id: 7, question: '第一题', answer: 'A', z: '最后一列' }, rows[0]);
    });

    it('keeps a card preview (compact) a table', () => {
      window.innerWidth = 390;
      const { container } = render(<SampleTable rows={[row(1, { question: 'q' })]} dataset={DATASET} compact />);
      expect(headers(container)).toEqual(['question']);
    });
  });
});
