import { Message } from '@arco-design/web-react';
import type { StripeCheckoutView } from '@gw/shared';
import { call, callReply, type ApiReply } from '@/api/http';
import type { PaymentForm } from '@/api/topup';
import { MSG_BAD_PAY_ADDRESS, isWebAddress } from './topup-view';

/**
 * Sends the browser to the payment gateway (spec 2 §7): a hidden form, method POST, with the signed
 * fields the server answered, submitted in this window.
 */
export function submitPaymentForm(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
}

/** Whether the gateway's address may be gone to; when not, says so. */
function checkGatewayAddress(url: string): boolean {
  if (isWebAddress(url)) return true;
  Message.error(MSG_BAD_PAY_ADDRESS);
  return false;
}

/**
 * Makes the order (POST /api/user/pay for a top-up, /api/subscription/pay for a plan) and posts its
 * signed form to the gateway. False, with the reason shown, when the browser is not on its way there.
 */
export async function payThroughGateway(order: Promise<ApiReply<Record<string, string>> & PaymentForm>): Promise<boolean> {
  const reply = await callReply(order);
  if (!reply || !checkGatewayAddress(reply.url)) return false;
  submitPaymentForm(reply.url, reply.data);
  return true;
}

/**
 * Makes a card order (POST /api/user/stripe/pay for a top-up, /api/subscription/stripe/pay for a
 * plan) and sends this window to its Stripe Checkout page; Stripe sends it back to
 * /topup?trade_no=…. False, with the reason shown, when the browser is not on its way there.
 */
export async function payThroughCheckout(order: Promise<ApiReply<StripeCheckoutView>>): Promise<boolean> {
  const checkout = await call(order);
  if (!checkout || !checkGatewayAddress(checkout.url)) return false;
  window.location.assign(checkout.url);
  return true;
}
