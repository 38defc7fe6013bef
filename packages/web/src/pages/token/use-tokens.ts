import { call } from '@/api/http';
import { listTokens, searchTokens, type Token, type TokenSearch } from '@/api/tokens';
import { useServerPage } from '@/lib/use-server-page';

export const EMPTY_SEARCH: TokenSearch = { keyword: '', token: '' };

const isSearching = (search: TokenSearch) => search.keyword.trim() !== '' || search.token.trim() !== '';

/** A page of GET /api/token/, or, while a search is set, of GET /api/token/search. */
const loadTokens = (search: TokenSearch, page: number, size: number) =>
  call(isSearching(search) ? searchTokens({ keyword: search.keyword.trim(), token: search.token.trim() }, page, size) : listTokens(page, size));

/** The token table's data. */
export function useTokens() {
  return useServerPage<Token, TokenSearch>(EMPTY_SEARCH, loadTokens);
}
