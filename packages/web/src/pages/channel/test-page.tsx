import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { MemoryRouter, Route as RouterRoute, Routes } from 'react-router-dom';
import { Message, Notification } from '@arco-design/web-react';
import ChannelPage from './index';
import { initialListState, useChannelListStore } from './list-store';
import { fakeApi, ok, type ApiCall, type Route } from './test-fake-api';

/** Test support for the channel page: renders it on /channel against a fake API. */
export function renderChannelPage(routes: Record<string, Route>): ApiCall[] {
  useChannelListStore.setState(initialListState());
  const calls = fakeApi({ 'GET /api/group/': ok(['default', 'vip']), ...routes });
  render(
    <MemoryRouter initialEntries={['/channel']}>
      <Routes>
        <RouterRoute path="/channel" element={<ChannelPage />} />
        <RouterRoute path="/channel/edit/:id" element={<p>编辑页</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

export const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
export const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');
// Arco popups keep pointer-events off while their open animation runs; happy-dom never finishes it.
export const user = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });

/**
 * Puts Arco's messages and notifications in a container of their own, kept until closed, and
 * returns it. Removing the container takes them away at once: closing them would leave them in
 * the page for their exit animation, where the next test could still find them.
 */
export function captureMessages(): HTMLElement {
  const messages = document.createElement('div');
  document.body.appendChild(messages);
  Message.config({ getContainer: () => messages, duration: 0 });
  Notification.config({ getContainer: () => messages, duration: 0 });
  return messages;
}
