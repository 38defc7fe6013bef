import { expect } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes } from 'react-router-dom';
import ChannelEditPage from './edit';
import { fakeApi, ok, type ApiCall, type Route } from './test-fake-api';
import { user } from './test-page';

/** Test support for the channel form: renders /channel/add or /channel/edit/:id against a fake API. */
export const TYPE_MODELS = { 1: ['gpt-4o', 'gpt-4o-mini'], 3: ['gpt-4o'], 14: ['claude-sonnet-4-20250514'] };

/** Renders the page at url; the default models per type are cached locally as a previous visit left them. */
export function renderEditPage(url: string, routes: Record<string, Route> = {}, cached = true): ApiCall[] {
  if (cached) localStorage.setItem('channel_models', JSON.stringify(TYPE_MODELS));
  const calls = fakeApi({
    'GET /api/group/': ok(['default', 'vip']),
    'GET /api/models': ok(TYPE_MODELS),
    'GET /api/channel/models': ok([{ id: 'gpt-4o' }, { id: 'deepseek-chat' }]),
    'POST /api/channel/': ok({ ids: [21] }),
    'PUT /api/channel/': ok(),
    ...routes,
  });
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <RouterRoute path="/channel/add" element={<ChannelEditPage />} />
        <RouterRoute path="/channel/edit/:id" element={<ChannelEditPage />} />
        <RouterRoute path="/channel" element={<p>渠道列表</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

export const submit = () => user().click(screen.getByRole('button', { name: /提\s*交/ }));
export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

/** The page title shows while the channel loads; the form (and its submit button) only after. */
export async function formShown(title: string) {
  expect(await screen.findByText(title)).toBeTruthy();
  await screen.findByRole('button', { name: /提\s*交/ });
}

export async function chooseType(name: string) {
  const u = user();
  await u.click(screen.getByRole('combobox', { name: '类型' }));
  await u.click(await screen.findByRole('option', { name }));
}

export async function fillRequired(name = 'openai-1', key = 'sk-one') {
  const u = user();
  await u.type(field('名称'), name);
  await u.type(field('密钥'), key);
}
