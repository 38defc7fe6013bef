import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { FieldValue } from './field-value';

const LONG = '这是一段很长的文本，'.repeat(8);

const thumbs = (container: HTMLElement) => [...container.querySelectorAll<HTMLImageElement>('img.field-value-thumb')].map((img) => img.getAttribute('src'));

describe(FieldValue.name, () => {
  it('shows a short string in full, formatted, without a toggle', () => {
    const { container } = render(<FieldValue value="**加粗** 短文本" kind="string" />);
    expect(screen.getByText('加粗').tagName).toBe('STRONG');
    expect(container.querySelector('[data-clamped]')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('clamps a long string to the given lines and toggles it on click', () => {
    const { container } = render(<FieldValue value={LONG} kind="string" clampLines={3} />);
    const text = screen.getByRole('button');
    expect(text.getAttribute('data-clamped')).toBe('true');
    expect(text.style.getPropertyValue('--clamp-lines')).toBe('3');
    fireEvent.click(text);
    expect(container.querySelector('[data-clamped]')?.getAttribute('data-clamped')).toBe('false');
    fireEvent.click(screen.getByRole('button'));
    expect(container.querySelector('[data-clamped]')?.getAttribute('data-clamped')).toBe('true');
  });

  it('neither toggles nor offers a tooltip when tooltips are disabled', () => {
    const { container } = render(<FieldValue value={LONG} kind="string" disableTooltip />);
    const text = container.querySelector('[data-clamped]') as HTMLElement;
    expect(text.getAttribute('role')).toBeNull();
    fireEvent.click(text);
    expect(text.getAttribute('data-clamped')).toBe('true');
  });

  it('numbers array items, using their key when they have one', () => {
    const { container } = render(<FieldValue value={[{ key: 'A', value: '北京' }, { value: '上海' }, '广州']} kind="array" />);
    expect([...container.querySelectorAll('.field-value-line')].map((line) => line.textContent?.trim())).toEqual(['A. 北京', '2. 上海', '3. 广州']);
  });

  it('shows dialogue turns as role: content, and other object items as their pairs', () => {
    const { container } = render(
      <FieldValue
        value={[
          { role: 'user', content: '你好' },
          { role: 'assistant', content: '您好，有什么可以帮您？' },
          { name: '张三', age: 3 },
        ]}
        kind="array"
      />,
    );
    expect(container.textContent).toContain('user: 你好');
    expect(container.textContent).toContain('assistant: 您好，有什么可以帮您？');
    expect(container.textContent).toContain('3. name: 张三；age: 3');
  });

  it('shows object pairs with array values joined by commas', () => {
    const { container } = render(<FieldValue value={{ 来源: '教材', 标签: ['代数', '方程'] }} kind="object" />);
    expect([...container.querySelectorAll('.field-value-line')].map((line) => line.textContent?.trim())).toEqual(['来源: 教材', '标签: 代数, 方程']);
  });

  it('shows a multimodal value as thumbnails joined to the cloud path, plus its text', () => {
    const onPreview = vi.fn();
    const { container } = render(<FieldValue value={{ image: 'a.png,b.png', text: '看图回答' }} kind="multimodal" cloudPath="https://cdn.example.com/set" onPreview={onPreview} />);
    expect(thumbs(container)).toEqual(['https://cdn.example.com/set/a.png', 'https://cdn.example.com/set/b.png']);
    expect(screen.getByText('看图回答')).toBeTruthy();
    fireEvent.click(container.querySelectorAll('img')[1] as HTMLImageElement);
    expect(onPreview).toHaveBeenCalledWith('https://cdn.example.com/set/b.png');
  });

  it('hides a thumbnail that fails to load', () => {
    const { container } = render(<FieldValue value={{ image: 'a.png,b.png' }} kind="multimodal" cloudPath="/c" />);
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(thumbs(container)).toEqual(['/c/b.png']);
  });

  it('shows a multimodal value that is not an object, and a mis-shaped array, as plain text', () => {
    const { rerender } = render(<FieldValue value="只是文字" kind="multimodal" />);
    expect(screen.getByText('只是文字')).toBeTruthy();
    rerender(<FieldValue value="不是数组" kind="array" />);
    expect(screen.getByText('不是数组')).toBeTruthy();
  });

  it('shows an image field as thumbnails', () => {
    const { container } = render(<FieldValue value="x.jpg" kind="string" imageField cloudPath="https://cdn.example.com" />);
    expect(thumbs(container)).toEqual(['https://cdn.example.com/x.jpg']);
  });
});
