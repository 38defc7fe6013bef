import { useCallback } from 'react';
import { call } from '@/api/http';
import { listUsers, searchUsers, type AdminUser, type UserSearch } from '@/api/users-admin';
import { useServerPage } from '@/lib/use-server-page';

export const EMPTY_SEARCH: UserSearch = { keyword: '', group: '' };

const isSearching = (search: UserSearch) => search.keyword !== '' || search.group !== '';

/** A page of GET /api/user/, or, while a search is set, of GET /api/user/search. */
const loadUsers = (search: UserSearch, page: number, size: number) => call(isSearching(search) ? searchUsers(search, page, size) : listUsers(page, size));

/** The user table's data; a submitted search is trimmed. */
export function useUsers() {
  const table = useServerPage<AdminUser, UserSearch>(EMPTY_SEARCH, loadUsers);
  const { handleSearch } = table;
  const handleTrimmedSearch = useCallback((next: UserSearch) => handleSearch({ keyword: next.keyword.trim(), group: next.group }), [handleSearch]);
  return { ...table, handleSearch: handleTrimmedSearch };
}
