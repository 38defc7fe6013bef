import { afterEach, beforeEach, vi } from 'vitest';
import { render } from '@testing-library/react';
import { fakeApi, ok, type Route } from '@/pages/channel/test-fake-api';
import { captureMessages } from '@/pages/channel/test-page';
import ModelCheckPage from './index';

/** 2025-06-14 15:30 local time: the page's default day runs from 00:00 that day to 00:00 the next. */
export const NOW = new Date(2025, 5, 14, 15, 30);

/** The page on a fake API: no heartbeats and no queues unless `routes` say otherwise. */
export function renderModelCheckPage(routes: Record<string, Route> = {}) {
  const calls = fakeApi({ 'GET /api/model_heart_infos': ok({}), 'GET /api/jobs/status': ok([]), ...routes });
  const view = render(<ModelCheckPage />);
  return { calls, unmount: view.unmount };
}

/**
 * Around each test of the file: a fake clock at NOW (its intervals too, for the auto refresh)
 * and a catcher for the messages the page pops up, read through the returned function.
 */
export function withPageClockAndMessages(): () => HTMLElement {
  let messages: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(NOW);
    messages = captureMessages();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    messages.remove();
  });
  return () => messages;
}
