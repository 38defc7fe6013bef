import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import type { SourceRowView } from '@gw/shared';
import { user } from '@/pages/channel/test-page';
import { RecordDetailModal } from './record-detail-modal';

const DATASET = { data_format: '{"options":"array","picture":"multimodal"}', image_field: '', cloud_path: 'https://cdn.example.com' };

const row = (body: unknown, fields: Partial<SourceRowView> = {}): SourceRowView => ({ id: 1, body: JSON.stringify(body), cloud_path: '', tag: '', ...fields });

const RECORD = {
  question: '三角形内角和是多少？',
  answer: '180 度',
  options: [{ key: 'A', value: '90' }],
  cloud_path: 'https://secret.example',
  meta: { source: '教材' },
  picture: { image: 'p.png', text: '示意图' },
};

afterEach(() => {
  Modal.destroyAll();
});

function renderModal(record: SourceRowView | null = row(RECORD)) {
  const onClose = vi.fn();
  render(<RecordDetailModal visible record={record} dataset={DATASET} onClose={onClose} />);
  return onClose;
}

describe(RecordDetailModal.name, () => {
  it('is titled 数据详情 and shows the Markdown view: each field in a box, without options and cloud_path', () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('数据详情')).toBeTruthy();
    const boxes = [...dialog.querySelectorAll('.record-detail-field-name')].map((name) => name.textContent);
    expect(boxes).toEqual(['question', 'answer', 'meta.source', 'picture']);
    expect(within(dialog).getByText('三角形内角和是多少？')).toBeTruthy();
    expect(within(dialog).queryByText('https://secret.example')).toBeNull();
    expect(dialog.querySelector('img.field-value-thumb')?.getAttribute('src')).toBe('https://cdn.example.com/p.png');
  });

  it('switches to a collapsible Json tree holding every field', async () => {
    renderModal();
    await user().click(screen.getByText('Json'));
    const tree = screen.getByTestId('json-tree');
    expect(tree.textContent).toContain('"options"');
    expect(tree.textContent).toContain('"cloud_path"');
    expect(tree.textContent).toContain('"https://secret.example"');
    const meta = [...tree.querySelectorAll('details')].find((node) => node.querySelector('summary')?.textContent?.includes('"meta"')) as HTMLDetailsElement;
    expect(meta.open).toBe(true);
    await user().click(meta.querySelector('summary') as HTMLElement);
    expect(meta.open).toBe(false);
  });

  it('shows the placeholder record for a body that cannot be parsed', () => {
    renderModal({ id: 2, body: 'not json', cloud_path: '', tag: '' });
    expect(screen.getByText('数据解析失败')).toBeTruthy();
  });

  it('says which view failed when a value cannot be rendered, each view on its own', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // JSON.parse never gives such values; they stand for whatever a renderer may choke on: the
    // first one cannot be printed (Markdown), the BigInt cannot be serialized (Json).
    const unprintable = Object.create({
      toJSON: () => {
        throw new Error('toJSON');
      },
      toString: () => {
        throw new Error('toString');
      },
    }) as object;
    const parse = JSON.parse;
    vi.spyOn(JSON, 'parse').mockImplementation((text: string, ...rest) => (text === '"poison"' ? { question: '正常', bad: unprintable, big: BigInt(10) } : parse(text, ...rest)));
    renderModal({ id: 3, body: '"poison"', cloud_path: '', tag: '' });
    expect(await screen.findByText('数据渲染失败，请尝试 JSON 视图')).toBeTruthy();
    await user().click(screen.getByText('Json'));
    expect(await screen.findByText('JSON 序列化失败')).toBeTruthy();
    expect(warn).toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('opens nothing without a record and closes on the close icon', async () => {
    const onClose = renderModal(null);
    expect(screen.queryByRole('dialog')).toBeNull();
    const second = vi.fn();
    render(<RecordDetailModal visible record={row(RECORD)} dataset={DATASET} onClose={second} />);
    await user().click(screen.getByRole('button', { name: /close|关闭/i }));
    expect(second).toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
