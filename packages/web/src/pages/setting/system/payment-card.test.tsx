import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import { jsonResponse } from '@/test/factories';
import { useOptionsForm } from '../use-options-form';
import { PaymentCard } from './payment-card';
import { STRIPE_WEBHOOK_EVENTS } from './stripe-section';

const fetchMock = vi.fn<typeof fetch>();

/** The card on the real options form, as the system tab mounts it. */
function Harness() {
  const form = useOptionsForm(false);
  return <PaymentCard form={form} />;
}

const optionsWith = (serverAddress: string) => [
  { key: 'ServerAddress', value: serverAddress },
  { key: 'PayAddress', value: 'https://pay.example.com' },
  { key: 'EpayId', value: '1001' },
  // Secrets come back empty: the stored values never reach the page.
  { key: 'EpayKey', value: '' },
  { key: 'StripeApiSecret', value: '' },
  { key: 'StripeWebhookSecret', value: '' },
  { key: 'StripeUnitPrice', value: '1' },
];

const puts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)) as { key: string; value: string });

function serveOptions(serverAddress: string) {
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input).startsWith('/api/option/') && (init?.method ?? 'GET') === 'GET') return jsonResponse({ success: true, message: '', data: optionsWith(serverAddress) });
    return jsonResponse({ success: true, message: '', data: null });
  });
}

const stripeSection = () => within(screen.getByRole('region', { name: '银行卡支付（Stripe）' }));

describe(PaymentCard.name, () => {
  beforeEach(() => {
    fetchMock.mockReset();
    serveOptions('https://gw.example.com');
    vi.stubGlobal('fetch', fetchMock);
    Message.config({ duration: 0 });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the Stripe section: write-only secrets, the price, the webhook address and its events', async () => {
    render(<Harness />);
    await waitFor(() => expect((screen.getByLabelText('易支付商户 ID') as HTMLInputElement).value).toBe('1001'));

    const section = stripeSection();
    expect(section.getByText(/用户可在钱包用银行卡充值和订阅套餐/)).toBeTruthy();
    for (const label of ['Stripe API 密钥', 'Stripe Webhook 签名密钥']) {
      const secret = section.getByLabelText(label) as HTMLInputElement;
      expect(secret.type).toBe('password');
      expect(secret.value).toBe('');
      expect(secret.placeholder).toBe('敏感信息不会发送到前端显示，已设置则留空不修改');
    }
    expect((section.getByLabelText('Stripe 充值价格（x 美元/美元额度）') as HTMLInputElement).value).toBe('1');
    expect(section.getByLabelText('Stripe Webhook 地址').textContent).toContain('https://gw.example.com/api/stripe/webhook');
    for (const event of STRIPE_WEBHOOK_EVENTS) expect(section.getByText(event)).toBeTruthy();
    expect(STRIPE_WEBHOOK_EVENTS).toHaveLength(5);
  });

  it('saves the Stripe options with the payment settings, each secret only once typed', async () => {
    render(<Harness />);
    const user = userEvent.setup({ delay: null });
    const price = (await screen.findByLabelText('Stripe 充值价格（x 美元/美元额度）')) as HTMLInputElement;
    await waitFor(() => expect(price.value).toBe('1'));
    await user.type(screen.getByLabelText('Stripe API 密钥'), 'sk_test_123');
    await user.type(screen.getByLabelText('Stripe Webhook 签名密钥'), 'whsec_456');
    await user.clear(price);
    await user.type(price, '1.5');
    await user.click(screen.getByRole('button', { name: '更新支付设置' }));

    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()).toEqual(
      expect.arrayContaining([
        { key: 'StripeApiSecret', value: 'sk_test_123' },
        { key: 'StripeWebhookSecret', value: 'whsec_456' },
        { key: 'StripeUnitPrice', value: '1.5' },
      ]),
    );
    // Saved secrets are cleared again, so the hint shows instead of the value.
    await waitFor(() => expect((screen.getByLabelText('Stripe API 密钥') as HTMLInputElement).value).toBe(''));
    expect((screen.getByLabelText('Stripe Webhook 签名密钥') as HTMLInputElement).value).toBe('');
  });

  it('asks for the server address first: no webhook address, nothing saved', async () => {
    serveOptions('');
    render(<Harness />);
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByText('请先填写并保存服务器地址：Webhook 地址由它生成')).toBeTruthy();
    expect(screen.queryByLabelText('Stripe Webhook 地址')).toBeNull();
    await user.type(screen.getByLabelText('Stripe API 密钥'), 'sk_test_123');
    await user.click(screen.getByRole('button', { name: '更新支付设置' }));

    expect(await screen.findByText('请先填写服务器地址')).toBeTruthy();
    expect(puts()).toEqual([]);
  });
});
