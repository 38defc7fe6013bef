import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import type { PricingEntry } from '@/api/pricing';
import { openExpansion } from '@/components/responsive-table/test-expansion';
import { useUserStore } from '@/stores/user';
import { jsonResponse, makeUser } from '@/test/factories';
import PricingPage from './index';

interface Call {
  method: string;
  path: string;
}

const ENTRIES: PricingEntry[] = [
  {
    model_name: 'gpt-4o',
    quota_type: 0,
    model_ratio: 1.25,
    completion_ratio: 4,
    model_price: 0,
    enable_groups: ['default', 'vip'],
    priced: true,
    cache_ratio: 0.5,
    cache_creation_ratio: 1.25,
    tiers: [{ above_prompt_tokens: 128000, prompt_multiplier: 2, completion_multiplier: 2 }],
  },
  {
    model_name: 'gpt-4o-audio-preview',
    quota_type: 0,
    model_ratio: 1.25,
    completion_ratio: 4,
    model_price: 0,
    enable_groups: ['default'],
    priced: true,
    cache_ratio: 0.1,
    cache_creation_ratio: 1.25,
    audio_ratio: 16,
    audio_completion_ratio: 2,
  },
  {
    model_name: 'gpt-image-1',
    quota_type: 0,
    model_ratio: 2.5,
    completion_ratio: 8,
    model_price: 0,
    enable_groups: ['default'],
    priced: true,
    cache_ratio: 0.25,
    cache_creation_ratio: 1.25,
    image_ratio: 2,
    image_completion_ratio: 8,
    reasoning_ratio: 1.5,
  },
  { model_name: 'dall-e-3', quota_type: 1, model_ratio: 0, completion_ratio: 1, model_price: 0.04, enable_groups: ['vip'], priced: true },
  { model_name: 'gpt-4o-mini', quota_type: 0, model_ratio: 0.075, completion_ratio: 4, model_price: 0, enable_groups: [], priced: true },
  { model_name: 'mystery', quota_type: 0, model_ratio: 0, completion_ratio: 1, model_price: 0, enable_groups: ['default'], priced: false },
];

function fakeApi(usableGroup: string): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push({ method: init?.method ?? 'GET', path: url.pathname + url.search });
      if (url.pathname !== '/api/pricing') return jsonResponse({ success: false, message: 'not found' }, 404);
      return jsonResponse({ success: true, message: '', data: ENTRIES, group_ratio: { default: 1, vip: 1.5 }, usable_group: usableGroup });
    }),
  );
  return calls;
}

const rowOf = (model: string) => screen.getAllByText(model).find((node) => node.closest('tr'))?.closest('tr') as HTMLElement;

let messages: HTMLElement;

beforeEach(() => {
  messages = document.createElement('div');
  document.body.appendChild(messages);
  Message.config({ getContainer: () => messages, duration: 0 });
});

afterEach(() => {
  cleanup();
  useUserStore.getState().clearUser();
  vi.unstubAllGlobals();
  messages.remove();
});

describe('pricing page', () => {
  it("prices every model for the viewer's group", async () => {
    useUserStore.getState().setUser(makeUser({ group: 'vip' }));
    const calls = fakeApi('vip');
    render(<PricingPage />);
    await waitFor(() => expect(rowOf('gpt-4o')).toBeTruthy());

    expect(calls).toEqual([{ method: 'GET', path: '/api/pricing' }]);
    expect(screen.getByText('价格仅供参考，以实际计费为准')).toBeTruthy();
    expect(screen.getByLabelText('分组倍率').textContent).toBe('分组倍率：1.5');

    const gpt = within(rowOf('gpt-4o'));
    expect(gpt.getByText('按量计费')).toBeTruthy();
    expect(gpt.getByText('1.25')).toBeTruthy();
    expect(gpt.getByText('4')).toBeTruthy();
    expect(gpt.getByText('提示 $3.75 / 1M tokens')).toBeTruthy();
    expect(gpt.getByText('补全 $15 / 1M tokens')).toBeTruthy();
    expect(gpt.getByText('default')).toBeTruthy();
    expect(gpt.getByText('vip').closest('.arco-tag')?.className).toContain('arco-tag-green');

    const dalle = within(rowOf('dall-e-3'));
    expect(dalle.getByText('按次计费')).toBeTruthy();
    expect(dalle.getByText('$0.06 / 次')).toBeTruthy();

    expect(within(rowOf('gpt-4o-mini')).getByText('提示 $0.225 / 1M tokens')).toBeTruthy();
    expect(within(rowOf('mystery')).getByText('未设置价格')).toBeTruthy();
  });

  it('shows the default group prices to a guest', async () => {
    fakeApi('default');
    render(<PricingPage />);
    await waitFor(() => expect(rowOf('gpt-4o')).toBeTruthy());

    expect(screen.getByLabelText('分组倍率').textContent).toBe('分组倍率：1');
    expect(within(rowOf('gpt-4o')).getByText('提示 $2.5 / 1M tokens')).toBeTruthy();
    expect(within(rowOf('gpt-4o')).getByText('补全 $10 / 1M tokens')).toBeTruthy();
    expect(within(rowOf('dall-e-3')).getByText('$0.04 / 次')).toBeTruthy();
  });

  it('shows the cache, reasoning, audio and long-context rates of a model that has them in its row expansion', async () => {
    fakeApi('default');
    render(<PricingPage />);
    await waitFor(() => expect(rowOf('gpt-4o')).toBeTruthy());

    const expansion = within(openExpansion(rowOf('gpt-4o')));
    const lines = ['缓存读取 $1.25 / 1M tokens', '缓存写入 $3.125 / 1M tokens', '推理 $10 / 1M tokens', '提示超过 128000 tokens 时整次请求按提示 ×2、补全 ×2 计费：提示 $5、补全 $20 / 1M tokens'];
    for (const line of lines) expect(expansion.getByText(line)).toBeTruthy();
    expect(expansion.queryByText(/^音频/)).toBeNull();
    const audio = within(openExpansion(rowOf('gpt-4o-audio-preview')));
    for (const line of ['音频输入 $40 / 1M tokens', '音频输出 $80 / 1M tokens']) expect(audio.getByText(line)).toBeTruthy();
    expect(within(openExpansion(rowOf('dall-e-3'))).queryByText(/ \/ 1M tokens$/)).toBeNull();
  });

  it('shows the generated image price and a reasoning price other than the completion price', async () => {
    fakeApi('default');
    render(<PricingPage />);
    await waitFor(() => expect(rowOf('gpt-image-1')).toBeTruthy());

    const image = within(openExpansion(rowOf('gpt-image-1')));
    for (const line of ['图片输入 $10 / 1M tokens', '图片输出 $40 / 1M tokens', '推理 $60 / 1M tokens（补全价格 ×1.5）']) expect(image.getByText(line)).toBeTruthy();
    expect(within(openExpansion(rowOf('gpt-4o'))).queryByText(/^图片输出/)).toBeNull();
  });

  it('filters the models by name as the user types', async () => {
    fakeApi('default');
    const user = userEvent.setup({ delay: null });
    render(<PricingPage />);
    await waitFor(() => expect(rowOf('gpt-4o')).toBeTruthy());

    await user.type(screen.getByRole('textbox', { name: '模型名称' }), 'MINI');
    await waitFor(() => expect(screen.queryByText('dall-e-3')).toBeNull());
    expect(rowOf('gpt-4o-mini')).toBeTruthy();
    expect(screen.queryByText('mystery')).toBeNull();
  });
});
