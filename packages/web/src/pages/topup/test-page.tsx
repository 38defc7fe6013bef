import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation } from 'react-router-dom';
import type { RedeemedCodeView, TopupOrderView, TopupRecordView } from '@gw/shared';
import type { SiteStatus } from '@/api/status';
import { fakeApi, ok, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages } from '@/pages/channel/test-page';
import { useStatusStore } from '@/stores/status';
import { useUserStore, type User } from '@/stores/user';
import { makeUser } from '@/test/factories';
import TopupPage from './index';

/** Test support for the wallet page: order factories and the page on /topup against a fake API. */
export function makeOrder(fields: Partial<TopupOrderView> = {}): TopupOrderView {
  return {
    source: 'order',
    id: 1,
    user_id: 7,
    trade_no: 'T20300101120000abcd',
    payment_method: 'zfb',
    amount: 10,
    quota: 5_000_000,
    money: 73,
    currency: 'CNY',
    status: 'paid',
    created_at: 1_900_000_000,
    paid_at: 1_900_000_060,
    completed_via: 'notify',
    ...fields,
  };
}

/** A code the user redeemed, as the top-up history lists it. */
export function makeRedeemedCode(fields: Partial<RedeemedCodeView> = {}): RedeemedCodeView {
  return { source: 'redemption', id: 1, user_id: 7, code: '0123…cdef', quota: 250_000, created_at: 1_900_000_000, paid_at: 1_900_000_000, ...fields };
}

export const orderPage = (items: TopupRecordView[], total = items.length) => ok({ items, total, page: 0, page_size: 10 });

export const ONLINE_STATUS: SiteStatus = { enable_online_topup: true, min_topup: 1, price: 7.3, top_up_link: 'https://shop.example.com/codes' };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

interface RenderOptions {
  url?: string;
  viewer?: Partial<User>;
  status?: SiteStatus;
}

/** Renders the wallet at url for a signed-in viewer (an ordinary user with $2 by default). */
export function renderTopupPage(routes: Record<string, Route> = {}, { url = '/topup', viewer = {}, status = ONLINE_STATUS }: RenderOptions = {}): ApiCall[] {
  const me = makeUser({ quota: 1_000_000, used_quota: 250_000, ...viewer });
  useUserStore.setState({ user: me });
  useStatusStore.setState({ status });
  const calls = fakeApi({
    'GET /api/user/self': ok(me),
    'GET /api/user/topup/self': orderPage([]),
    'POST /api/user/amount': ok('7.30'),
    'GET /api/subscription/self': ok([]),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <RouterRoute
          path="/topup"
          element={
            <>
              <TopupPage />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

export const where = () => screen.getByTestId('where').textContent;

/**
 * The wallet tests' set-up: messages in a container of their own, currency display at 500000 a
 * dollar; afterwards the page unmounted first (so that no timer of it reaches the real fetch), real
 * timers, no stubs or spies. Returns the running test's messages container.
 */
export function setUpWalletTests(): () => HTMLElement {
  let messages: HTMLElement;
  beforeEach(() => {
    messages = captureMessages();
    localStorage.setItem('display_in_currency', 'true');
    localStorage.setItem('quota_per_unit', '500000');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    messages.remove();
  });
  return () => messages;
}
