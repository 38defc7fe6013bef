import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG_PROJECT_LIST_FAILED, PROJECT_PAGE_SIZE, type ProjectStatus, type ProjectView } from '@gw/shared';
import { listProjects } from '@/api/workflow-projects';
import { runCall } from './workflow-view';

/** The project list (spec 3 §2.5): page of 15, search in title/description, status filter. */
export function useProjectList() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProjectStatus | ''>('');
  const [list, setList] = useState<ProjectView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    void runCall(listProjects({ page, page_size: PROJECT_PAGE_SIZE, search_key: search, status }), MSG_PROJECT_LIST_FAILED).then((result) => {
      if (ticket !== latest.current) return;
      setList(result?.data.list ?? []);
      setTotal(result?.data.total ?? 0);
      setLoading(false);
    });
  }, [page, search, status, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const handleSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(1);
  }, []);
  const handleStatus = useCallback((next: ProjectStatus | '') => {
    setStatus(next);
    setPage(1);
  }, []);
  /** After a delete: the page before when the last project of a later page went. */
  const afterDelete = useCallback(() => {
    if (list.length === 1 && page > 1) setPage(page - 1);
    else reload();
  }, [list.length, page, reload]);

  return { page, setPage, search, status, list, total, loading, reload, handleSearch, handleStatus, afterDelete };
}
