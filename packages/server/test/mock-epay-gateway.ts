import { createHash, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-http-server';

/**
 * A stand-in for an Epay gateway (彩虹易支付 and the many speaking its protocol) on 127.0.0.1, with
 * the real parameters and MD5 signature, for server and browser tests:
 *
 * - `submit.php` (GET or POST form): checks pid and signature, records the order and shows a
 *   cashier page whose 确认支付 button POSTs `/pay`; with `autoPay` it pays at once instead;
 * - paying (the button, or `pay()` from a test) marks the order paid, sends the signed notify to
 *   `notify_url` (GET query or POST form, unless `dropNotify`) and redirects the browser to
 *   `return_url`;
 * - `api.php?act=order&pid=&key=&out_trade_no=`: the order query, answering JSON.
 *
 * The signature is computed here on its own, not with the product's code, so a test catches a
 * product that signs differently from Epay.
 */

/** Epay's MD5 signature: parameters but sign, sign_type and empty ones, sorted, k=v&…, then the key. */
export function mockEpaySign(params: Readonly<Record<string, string>>, key: string): string {
  const text = Object.entries(params)
    .filter(([name, value]) => name !== 'sign' && name !== 'sign_type' && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  return createHash('md5').update(`${text}${key}`, 'utf8').digest('hex');
}

export interface MockEpayOrder {
  /** The gateway's own trade number (`trade_no` in the notify). */
  trade_no: string;
  out_trade_no: string;
  type: string;
  name: string;
  money: string;
  notify_url: string;
  return_url: string;
  /** 0 unpaid, 1 paid (the order query's `status`). */
  status: 0 | 1;
  /** Every parameter of the submit, as received. */
  submitted: Record<string, string>;
  /** What the notify URL answered to each notify sent for this order. */
  notifyReplies: string[];
}

export interface NotifyOptions {
  /** Parameters changed before signing (a notify the gateway really signed, e.g. with another money). */
  changes?: Record<string, string>;
  /** Parameters changed after signing (a forgery: the signature no longer fits). */
  tamper?: Record<string, string>;
  /** Parameters left out after signing (e.g. `sign`). */
  omit?: string[];
  /** How to send it; the gateway's `notifyMethod` by default. */
  method?: 'GET' | 'POST';
}

export interface MockEpayGatewayOptions {
  pid?: string;
  key?: string;
}

const SUBMIT_FIELDS = ['pid', 'type', 'out_trade_no', 'notify_url', 'return_url', 'name', 'money'] as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const pieces: Buffer[] = [];
  for await (const piece of request) pieces.push(piece as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(pieces).toString('utf8')));
}

export class MockEpayGateway extends LocalHttpServer {
  readonly pid: string;
  readonly key: string;
  /** Orders submitted with a valid signature, by out_trade_no. */
  readonly orders = new Map<string, MockEpayOrder>();
  /** Submits refused (another pid, a bad signature, a missing field), with the reason shown. */
  readonly refusedSubmits: Array<{ params: Record<string, string>; reason: string }> = [];
  /** out_trade_no of every order query, in order of arrival. */
  readonly queries: string[] = [];
  /** Payments are recorded (the order query says paid) but the notify is never sent: a lost notify. */
  dropNotify = false;
  /** How notifies are sent: Epay uses a GET with the query string; some gateways POST a form. */
  notifyMethod: 'GET' | 'POST' = 'GET';
  /** submit.php pays at once, with no cashier page (notify, then redirect to return_url). */
  autoPay = false;
  /** Awaited before the order query answers: a test sends the late notify here, mid-reconciliation. */
  beforeQueryAnswer?: (outTradeNo: string) => Promise<void> | void;

  constructor(options: MockEpayGatewayOptions = {}) {
    super();
    this.pid = options.pid ?? '1001';
    this.key = options.key ?? 'mock-epay-merchant-key-0123456789';
  }

  /** Where the product's form goes: `{url}/submit.php`. */
  get submitUrl(): string {
    return `${this.url}/submit.php`;
  }

  /** Posts a form to `url` as a browser would (without following the redirect). */
  async submitForm(url: string, fields: Record<string, string>): Promise<{ status: number; body: string }> {
    const response = await fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
    return { status: response.status, body: await response.text() };
  }

  order(outTradeNo: string): MockEpayOrder {
    const order = this.orders.get(outTradeNo);
    if (!order) throw new Error(`the mock Epay gateway has no order ${outTradeNo}`);
    return order;
  }

  /**
   * The user pays: the order turns paid, and the notify is sent unless `dropNotify`. Resolves with
   * the notify URL's answer, or undefined when the notify was dropped.
   */
  async pay(outTradeNo: string): Promise<string | undefined> {
    this.order(outTradeNo).status = 1;
    return this.dropNotify ? undefined : this.sendNotify(outTradeNo);
  }

  /** The notify Epay sends for a paid order, signed with the merchant key, then altered as asked. */
  notifyParams(outTradeNo: string, options: NotifyOptions = {}): Record<string, string> {
    const order = this.order(outTradeNo);
    const params: Record<string, string> = {
      pid: this.pid,
      trade_no: order.trade_no,
      out_trade_no: order.out_trade_no,
      type: order.type,
      name: order.name,
      money: order.money,
      trade_status: 'TRADE_SUCCESS',
      ...options.changes,
    };
    const signed: Record<string, string> = { ...params, sign: mockEpaySign(params, this.key), sign_type: 'MD5', ...options.tamper };
    for (const name of options.omit ?? []) delete signed[name];
    return signed;
  }

  /** Sends a notify for the order to its notify_url; resolves with the answer's text. */
  async sendNotify(outTradeNo: string, options: NotifyOptions = {}): Promise<string> {
    const order = this.order(outTradeNo);
    const params = new URLSearchParams(this.notifyParams(outTradeNo, options));
    const method = options.method ?? this.notifyMethod;
    const response =
      method === 'GET'
        ? await fetch(`${order.notify_url}${order.notify_url.includes('?') ? '&' : '?'}${params}`)
        : await fetch(order.notify_url, { method: 'POST', body: params });
    const reply = await response.text();
    order.notifyReplies.push(reply);
    return reply;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const form = request.method === 'POST' ? await readForm(request) : {};
    if (url.pathname === '/submit.php') return this.submit({ ...Object.fromEntries(url.searchParams), ...form }, response);
    if (url.pathname === '/pay' && request.method === 'POST') return this.payByBrowser(form.out_trade_no ?? '', response);
    if (url.pathname === '/api.php') return this.query(url.searchParams, response);
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }

  private async submit(params: Record<string, string>, response: ServerResponse): Promise<void> {
    const missing = SUBMIT_FIELDS.find((name) => !params[name]);
    let reason: string | undefined;
    if (missing) reason = `缺少参数 ${missing}`;
    else if (params.pid !== this.pid) reason = '商户不存在';
    else if (params.sign_type !== 'MD5' || params.sign !== mockEpaySign(params, this.key)) reason = '签名校验失败';
    else if (!/^\d+(\.\d{1,2})?$/.test(params.money) || Number(params.money) <= 0) reason = '金额不合法';
    else if (!['alipay', 'wxpay'].includes(params.type)) reason = '支付方式不存在';
    if (reason) {
      this.refusedSubmits.push({ params, reason });
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><p id="error">${escapeHtml(reason)}</p>`);
      return;
    }
    const existing = this.orders.get(params.out_trade_no);
    if (!existing) {
      this.orders.set(params.out_trade_no, {
        trade_no: `2025${String(randomInt(1e9)).padStart(9, '0')}${this.orders.size}`,
        out_trade_no: params.out_trade_no,
        type: params.type,
        name: params.name,
        money: params.money,
        notify_url: params.notify_url,
        return_url: params.return_url,
        status: 0,
        submitted: params,
        notifyReplies: [],
      });
    }
    if (this.autoPay) return this.payByBrowser(params.out_trade_no, response);
    const order = this.order(params.out_trade_no);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>模拟易支付收银台</title></head>
<body>
  <h1>模拟易支付收银台</h1>
  <p>商品：<span id="name">${escapeHtml(order.name)}</span></p>
  <p>金额：<span id="money">${escapeHtml(order.money)}</span> 元</p>
  <p>方式：<span id="type">${escapeHtml(order.type)}</span></p>
  <p>订单号：<span id="out-trade-no">${escapeHtml(order.out_trade_no)}</span></p>
  <form method="post" action="/pay">
    <input type="hidden" name="out_trade_no" value="${escapeHtml(order.out_trade_no)}">
    <button type="submit" id="pay">确认支付</button>
  </form>
</body></html>`);
  }

  /** The cashier's 确认支付: pays (notify unless dropped), then sends the browser to return_url. */
  private async payByBrowser(outTradeNo: string, response: ServerResponse): Promise<void> {
    const order = this.orders.get(outTradeNo);
    if (!order) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('订单不存在');
      return;
    }
    try {
      await this.pay(outTradeNo);
    } catch {
      // A notify URL that cannot be reached: Epay would retry later; the browser still goes back.
    }
    response.writeHead(302, { location: order.return_url }).end();
  }

  private async query(search: URLSearchParams, response: ServerResponse): Promise<void> {
    const answer = (body: object): void => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (search.get('act') !== 'order') return answer({ code: -5, msg: '不支持的操作' });
    if (search.get('pid') !== this.pid || search.get('key') !== this.key) return answer({ code: -3, msg: 'KEY校验失败' });
    const outTradeNo = search.get('out_trade_no') ?? '';
    this.queries.push(outTradeNo);
    await this.beforeQueryAnswer?.(outTradeNo);
    const order = this.orders.get(outTradeNo);
    if (!order) return answer({ code: -1, msg: '订单号不存在' });
    answer({
      code: 1,
      msg: '查询订单号成功！',
      trade_no: order.trade_no,
      out_trade_no: order.out_trade_no,
      api_trade_no: order.status === 1 ? `api${order.trade_no}` : '',
      type: order.type,
      pid: /^\d+$/.test(this.pid) ? Number(this.pid) : this.pid,
      addtime: '2025-01-01 12:00:00',
      endtime: order.status === 1 ? '2025-01-01 12:01:00' : null,
      name: order.name,
      money: order.money,
      status: order.status,
      param: '',
      buyer: '',
    });
  }
}

/** Starts a mock Epay gateway on 127.0.0.1; `url` is its PayAddress. Stop it with `stop()`. */
export function startMockEpayGateway(options: MockEpayGatewayOptions = {}): Promise<MockEpayGateway> {
  return new MockEpayGateway(options).start();
}
