import { useCallback, useEffect, useRef, useState } from 'react';
import { PROJECT_PAGE_SIZE_MAX, USER_FILE_PAGE_SIZE, type ProjectView, type UserFileView } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { listUserFiles } from '@/api/user-files';
import { listProjects } from '@/api/workflow-projects';
import { runCall } from './workflow-view';

/** The catalogue has no message of its own for a failed file list. */
export const MSG_USER_FILE_LIST_FAILED = '获取文件列表失败';

/** The file list (spec 3 §2.8): page of 10, newest first, search in the name, optionally one project's files. */
export function useFileList() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  /** The project filter; undefined for every file. */
  const [appId, setAppId] = useState<number | undefined>(undefined);
  const [list, setList] = useState<UserFileView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    void runCall(listUserFiles({ page, page_size: USER_FILE_PAGE_SIZE, search_key: search, app_id: appId }), MSG_USER_FILE_LIST_FAILED).then((result) => {
      if (ticket !== latest.current) return;
      setList(result?.data.list ?? []);
      setTotal(result?.data.total ?? 0);
      setLoading(false);
    });
  }, [page, search, appId, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const handleSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  const handleApp = useCallback((next: number | undefined) => {
    setAppId(next);
    setPage(1);
  }, []);
  /** After an upload the newest files are on page 1. */
  const showFirstPage = useCallback(() => {
    setPage(1);
    reload();
  }, [reload]);
  const afterDelete = useCallback(() => {
    if (list.length === 1 && page > 1) setPage(page - 1);
    else reload();
  }, [list.length, page, reload]);

  return { page, setPage, search, appId, list, total, loading, reload, handleSearch, handleApp, showFirstPage, afterDelete };
}

/**
 * The projects the file filter offers: the first 100 (the server's largest page). A failure leaves
 * the filter empty without a toast: the files themselves still list.
 */
export function useProjectOptions() {
  const [projects, setProjects] = useState<ProjectView[]>([]);
  useEffect(() => {
    let active = true;
    void callQuietly(listProjects({ page: 1, page_size: PROJECT_PAGE_SIZE_MAX })).then((found) => {
      if (active) setProjects(found?.list ?? []);
    });
    return () => {
      active = false;
    };
  }, []);
  return projects;
}
