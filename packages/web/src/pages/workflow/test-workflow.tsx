import { render } from '@testing-library/react';
import { MemoryRouter, Route as RouterRoute, Routes, useLocation, useParams } from 'react-router-dom';
import type { ProjectView, UserFileView } from '@gw/shared';
import { fakeApi, type ApiCall, type Route } from '@/pages/channel/test-fake-api';
import { useUserStore } from '@/stores/user';
import { makeUser } from '@/test/factories';
import WorkflowPage from './index';

/** Test support for the workflow page: project and file factories, and the page on /workflow against a fake API. */

export const PROJECTS = 'GET /api/apps/';
export const FILES = 'GET /api/file_upload/';

export function makeProject(fields: Partial<ProjectView> = {}): ProjectView {
  const title = fields.title ?? '客服问答清洗';
  return {
    id: 1,
    title,
    name: title,
    description: '把客服问答整理成训练数据',
    status: 'stopped',
    created_at: 1_735_689_600,
    open_time: 0,
    create_by_str: 'alice',
    updated_at: 1_735_689_600,
    has_run: false,
    author: 'alice',
    ...fields,
  };
}

export function makeFile(fields: Partial<UserFileView> = {}): UserFileView {
  const filename = fields.filename ?? 'questions.csv';
  const url = '/uploads/files/abc.csv';
  return {
    id: 1,
    fields: ['question', 'answer'],
    row_count: 1200,
    app_id: null,
    app_name: '',
    created_at: 1_735_689_600,
    filename,
    name: filename,
    file_name: filename,
    file_type: 'csv',
    file_size: 1_572_864,
    url,
    oss_url: url,
    file_url: url,
    ...fields,
  };
}

export const page = <T,>(list: T[], total = list.length, pageNumber = 1, pageSize = 15) => ({ list, total, page: pageNumber, page_size: pageSize });

function EditorStandIn() {
  const { id } = useParams();
  const location = useLocation();
  const state = location.state as { project?: ProjectView } | null;
  return (
    <p>
      编辑器 {id} {state?.project?.title ?? ''}
    </p>
  );
}

export function renderWorkflow(routes: Record<string, Route>): ApiCall[] {
  useUserStore.setState({ user: makeUser() });
  const calls = fakeApi(routes);
  render(
    <MemoryRouter initialEntries={['/workflow']}>
      <Routes>
        <RouterRoute path="/workflow" element={<WorkflowPage />} />
        <RouterRoute path="/workflow/editor/:id" element={<EditorStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

export const callsTo = (calls: ApiCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
export const lastQuery = (calls: ApiCall[], path: string) => callsTo(calls, 'GET', path).at(-1)?.query;
