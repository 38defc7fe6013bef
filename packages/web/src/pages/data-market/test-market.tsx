import { render } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes } from 'react-router-dom';
import type { DataPage, DatasetView, SourceRowView } from '@gw/shared';
import { fakeApi, ok, type ApiCall, type Reply, type Route } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import DataMarketPage from './index';

/** Test support for the data market page: datasets, a fake API and the page on /data-market. */
export const LIST = 'GET /api/data_library_info/';
export const SOURCE = 'GET /api/data_library_info/source';

export function makeDataset(fields: Partial<DatasetView> = {}): DatasetView {
  const id = fields.id ?? 1;
  return {
    id,
    name: `数据集 ${id}`,
    title: `数据集 ${id}`,
    description: '中文问答样例',
    tag: '',
    data_type: '问答',
    data_format: '{"question":"string","answer":"string"}',
    data_num: 1200,
    data_size: 2048,
    data_update_time: 1_735_689_600,
    image_field: '',
    readme: '',
    factory: '示例科技',
    cover_page: '',
    cloud_path: '',
    created_at: 1_735_689_600,
    ...fields,
  };
}

export const datasets = (count: number, from = 1) => Array.from({ length: count }, (_, i) => makeDataset({ id: from + i }));

export const dataPage = <T,>(list: T[], total = list.length, page = 1, pageSize = 9): DataPage<T> => ({ list, total, page, page_size: pageSize });

export const sourceRow = (id: number, body: object): SourceRowView => ({ id, body: JSON.stringify(body), cloud_path: '', tag: '' });

/**
 * A server of `total` datasets answering each page with its slice (ids from 1), as the real one
 * pages them; the filters are recorded by the calls, not applied.
 */
export function pagedDatasets(total: number): (call: ApiCall) => Reply {
  return (call) => {
    const page = Number(call.query.page);
    const size = Number(call.query.page_size);
    const from = (page - 1) * size + 1;
    return ok(dataPage(datasets(Math.max(0, Math.min(size, total - from + 1)), from), total, page, size));
  };
}

export const listCalls = (calls: ApiCall[]) => calls.filter((call) => `${call.method} ${call.path}` === LIST);
export const lastListQuery = (calls: ApiCall[]) => listCalls(calls).at(-1)?.query;

export type Viewer = 'guest' | 'common' | 'root';

export function signIn(viewer: Viewer) {
  useUserStore.setState({ user: viewer === 'guest' ? null : makeUser(viewer === 'root' ? { id: 1, username: 'root', role: 100 } : { role: 1 }) });
}

/** Renders the market on /data-market as `viewer`; the preview rows are empty unless routed. */
export function renderMarket(routes: Record<string, Route>, viewer: Viewer = 'guest'): ApiCall[] {
  signIn(viewer);
  const calls = fakeApi({ [SOURCE]: ok(dataPage([])), ...routes });
  render(
    <MemoryRouter initialEntries={['/data-market']}>
      <Routes>
        <RouterRoute path="/data-market" element={<DataMarketPage />} />
        <RouterRoute path="/data-market/:id" element={<p>详情页</p>} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}
