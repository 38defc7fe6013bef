import type { CreateProjectInput, ProjectDetail, ProjectPage, ProjectStatus, UpdateProjectInput } from '@gw/shared';
import { http } from '@/api/http';

/** Workflow projects (spec 3 §2.5, §7 "Workflows"; docs/console-api.md "Workflows"). Signed-in users, own projects only. */

export interface ProjectQuery {
  /** From 1. */
  page: number;
  page_size: number;
  /** Found in the title or the description; empty for all. */
  search_key?: string;
  /** Empty for any status. */
  status?: ProjectStatus | '';
}

export const listProjects = ({ page, page_size, search_key, status }: ProjectQuery) =>
  http.get<ProjectPage>('/api/apps/', {
    page,
    page_size,
    search_key: search_key?.trim() || undefined,
    status: status || undefined,
  });

export const createProject = (input: CreateProjectInput) => http.post<ProjectDetail>('/api/apps/', input);
export const getProject = (id: number | string) => http.get<ProjectDetail>(`/api/apps/${id}`);
/** The server stamps updated_at; id and updated_at are sent as the spec lists them and ignored. */
export const updateProject = (id: number, input: UpdateProjectInput) =>
  http.put<ProjectDetail>(`/api/apps/${id}`, { id, ...input, updated_at: Math.floor(Date.now() / 1000) });
export const deleteProject = (id: number) => http.delete<boolean>(`/api/apps/${id}`);
