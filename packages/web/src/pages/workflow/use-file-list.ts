import { useCallback, useEffect, useRef, useState } from 'react';
import { USER_FILE_PAGE_SIZE, type UserFileView } from '@gw/shared';
import { listUserFiles } from '@/api/user-files';
import { runCall } from './workflow-view';

/** The catalogue has no message of its own for a failed file list. */
export const MSG_USER_FILE_LIST_FAILED = '获取文件列表失败';

/** The file list (spec 3 §2.8): page of 10, newest first, search in the name. */
export function useFileList() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [list, setList] = useState<UserFileView[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const ticket = ++latest.current;
    setLoading(true);
    void runCall(listUserFiles({ page, page_size: USER_FILE_PAGE_SIZE, search_key: search }), MSG_USER_FILE_LIST_FAILED).then((result) => {
      if (ticket !== latest.current) return;
      setList(result?.data.list ?? []);
      setTotal(result?.data.total ?? 0);
      setLoading(false);
    });
  }, [page, search, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const handleSearch = useCallback((text: string) => {
    setSearch(text);
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

  return { page, setPage, search, list, total, loading, reload, handleSearch, showFirstPage, afterDelete };
}
