import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { fail, ok } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { MODELS, project, renderEditor } from './test-editor';

afterEach(() => {
  vi.unstubAllGlobals();
  useUserStore.setState({ user: null });
});

describe('workflow editor from a dataset', () => {
  it('asks the field the dataset’s samples suggest, not one they lack', async () => {
    const calls = renderEditor(
      {
        'GET /api/data_library_info/6': ok({ id: 6, name: '电商客服多轮对话', title: '电商客服多轮对话', description: '' }),
        'GET /api/workflow/dataset-fields/6': ok({ fields: ['id', 'scene', 'messages', 'meta'], field: 'messages' }),
        'POST /api/apps/': (call) => ok({ ...project(), id: 78, nodes: (call.body as { nodes: unknown[] }).nodes, edges: [] }),
        'GET /api/workflow/78': fail('x'),
        'GET /api/apps/78': fail('x'),
        [MODELS]: ok([]),
      },
      { path: '/workflow/editor/new?dataset=6' },
    );
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/workflow/editor/78'));
    const body = calls.find((call) => call.method === 'POST' && call.path === '/api/apps/')!.body as { nodes: Array<{ data: { variables: unknown[] } }> };
    expect(body.nodes[1].data.variables[0]).toMatchObject({ variable: 'data_market_id', default: 6, options: [{ label: 'data_source_key', value: 'messages' }] });
  });
});
