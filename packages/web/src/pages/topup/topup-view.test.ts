import { describe, expect, it } from 'vitest';
import { makeOrder } from './test-page';
import {
  canCompleteByHand,
  formatMoney,
  isWebAddress,
  minTopUp,
  normalizeAmount,
  offeredMethod,
  orderMoney,
  payGatewaysOf,
  paymentMethodOptions,
  recordMethodLabel,
} from './topup-view';

describe(normalizeAmount.name, () => {
  it('keeps whole dollars, forces anything below 1 to 1 and leaves an empty field empty', () => {
    expect(normalizeAmount(12)).toBe(12);
    expect(normalizeAmount(0)).toBe(1);
    expect(normalizeAmount(-3)).toBe(1);
    expect(normalizeAmount(2.7)).toBe(2);
    expect(normalizeAmount(undefined)).toBeUndefined();
    expect(normalizeAmount(Number.NaN)).toBeUndefined();
  });
});

describe(minTopUp.name, () => {
  it('is the status minimum, 1 by default and never below 1', () => {
    expect(minTopUp({ min_topup: 5 })).toBe(5);
    expect(minTopUp({})).toBe(1);
    expect(minTopUp(null)).toBe(1);
    expect(minTopUp({ min_topup: 0 })).toBe(1);
  });
});

describe(isWebAddress.name, () => {
  it('accepts http(s) only', () => {
    expect(isWebAddress('https://pay.example.com/submit.php')).toBe(true);
    expect(isWebAddress('http://127.0.0.1:8080/submit.php')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('data:text/html,hi')).toBe(false);
  });
});

describe('orders', () => {
  it('shows money with its currency sign and 2 decimals and lets only unpaid orders be completed by hand', () => {
    expect(formatMoney(73, 'CNY')).toBe('¥73.00');
    expect(formatMoney('7.3', 'CNY')).toBe('¥7.30');
    expect(formatMoney('15', 'USD')).toBe('$15.00');
    expect(orderMoney(makeOrder({ money: 73, currency: 'CNY' }))).toBe('¥73.00');
    expect(orderMoney(makeOrder({ payment_method: 'stripe', money: 19.99, currency: 'USD' }))).toBe('$19.99');
    expect(recordMethodLabel(makeOrder({ payment_method: 'stripe', currency: 'USD' }))).toBe('银行卡');
    expect(canCompleteByHand({ status: 'pending' })).toBe(true);
    expect(canCompleteByHand({ status: 'expired' })).toBe(true);
    expect(canCompleteByHand({ status: 'paid' })).toBe(false);
  });
});

describe(paymentMethodOptions.name, () => {
  it('offers Epay’s methods and the card as their gateways are configured', () => {
    const labels = (epay: boolean, card: boolean) => paymentMethodOptions(epay, card).map((option) => option.label);
    expect(labels(true, false)).toEqual(['支付宝', '微信']);
    expect(labels(true, true)).toEqual(['支付宝', '微信', '银行卡']);
    expect(labels(false, true)).toEqual(['银行卡']);
    expect(labels(false, false)).toEqual([]);
    expect(paymentMethodOptions(false, true, '银行卡（自动续费）')).toEqual([{ value: 'stripe', label: '银行卡（自动续费）' }]);
  });

  it('keeps the method chosen while it is offered, else falls back to the first', () => {
    expect(offeredMethod('wx', paymentMethodOptions(true, true))).toBe('wx');
    expect(offeredMethod('zfb', paymentMethodOptions(false, true))).toBe('stripe');
    expect(offeredMethod('stripe', paymentMethodOptions(true, false))).toBe('zfb');
    expect(offeredMethod('zfb', [])).toBeUndefined();
  });

  it('reads the gateways from the status', () => {
    expect(payGatewaysOf({ enable_online_topup: true, enable_stripe_topup: false })).toEqual({ epay: true, card: false });
    expect(payGatewaysOf({ enable_stripe_topup: true })).toEqual({ epay: false, card: true });
    expect(payGatewaysOf(null)).toEqual({ epay: false, card: false });
  });
});
