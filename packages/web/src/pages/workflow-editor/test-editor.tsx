import { render, screen } from '@testing-library/react';
import { Link, RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { WorkflowGraph, WorkflowStreamEvent, WorkflowView } from '@gw/shared';
import { fakeApi, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { makeProject } from '@/pages/workflow/test-workflow';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import { createNode, datasetGraph } from './graph/default-graph';
import WorkflowEditorPage from './index';

/** Test support for the editor: graphs, the workflow view, and the page against a stand-in server. */

export const PROJECT_ID = 12;
export const WORKFLOW = `GET /api/workflow/${PROJECT_ID}`;
export const SAVE = `POST /api/workflow/${PROJECT_ID}`;
export const PROJECT = `GET /api/apps/${PROJECT_ID}`;
export const MODELS = 'GET /v1/models/lists';

/** start → input (dataset 3) → llm (gpt-4o) → answer. */
export function fullGraph(): WorkflowGraph {
  const graph = datasetGraph(3);
  const llm = createNode('llm', { x: 800, y: 300 }, 'llm-1');
  llm.data.model = { ...(llm.data.model as object), name: 'gpt-4o' };
  const answer = createNode('answer', { x: 1100, y: 300 }, 'answer-1');
  graph.nodes.push(llm, answer);
  graph.edges.push({ id: 'e2', source: 'input-1', target: 'llm-1', type: 'custom', data: {} }, { id: 'e3', source: 'llm-1', target: 'answer-1', type: 'custom', data: {} });
  return graph;
}

export function makeView(fields: Partial<WorkflowView> = {}): WorkflowView {
  return {
    id: 40,
    app_id: PROJECT_ID,
    type: 'chat',
    graph: JSON.stringify(datasetGraph(1)),
    features: 'new workflow',
    conversation_variables: JSON.stringify(fullGraph()),
    environment_variables: '',
    updated_at: 1_735_689_600,
    ...fields,
  };
}

export const project = () => makeProject({ id: PROJECT_ID, title: '数学评测', description: '评测' });

/**
 * The editor has loaded: the project's name is shown and React Flow has drawn the nodes. It draws
 * them a render after the graph arrives, so a test that looked for them right after the name could
 * miss them on a busy machine.
 */
export async function editorLoaded(): Promise<void> {
  await screen.findByText('数学评测');
  await screen.findAllByTestId(/^node-/);
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** The stream of a run: each event a `data:` line, then [DONE]. */
export function sseResponse(events: WorkflowStreamEvent[]): Response {
  const text = [...events.map((event) => `data: ${JSON.stringify(event)}\n\n`), 'data: [DONE]\n\n'].join('');
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

/** Renders the editor at `path` (default the project's editor); `stream` answers the streamed runs. */
export function renderEditor(routes: Record<string, Route>, options: { path?: string; state?: unknown; stream?: (body: unknown) => Response } = {}): ApiCall[] {
  useUserStore.setState({ user: makeUser() });
  const calls = fakeApi(routes);
  const json = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as { response_mode?: string }) : undefined;
    if (input === '/api/workflow/chat-messages' && body?.response_mode === 'streaming' && options.stream) {
      calls.push({ method: 'POST', path: input, query: {}, body });
      return Promise.resolve(options.stream(body));
    }
    return json(input, init);
  });
  const [pathname, search = ''] = (options.path ?? `/workflow/editor/${PROJECT_ID}`).split('?');
  // A data router, as the app's: the editor's leave guard needs one.
  const router = createMemoryRouter(
    [
      { path: '/workflow/editor/:id', element: <><WorkflowEditorPage /><Where /><Link to="/workflow">项目列表</Link></> },
      { path: '/workflowResult/:id', element: <Where /> },
      { path: '/workflow', element: <Where /> },
    ],
    { initialEntries: [{ pathname, search: search ? `?${search}` : '', state: options.state }] },
  );
  render(<RouterProvider router={router} />);
  return calls;
}
