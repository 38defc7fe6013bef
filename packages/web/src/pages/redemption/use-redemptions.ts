import { call } from '@/api/http';
import { listRedemptions, searchRedemptions, type Redemption } from '@/api/redemptions';
import { useServerPage } from '@/lib/use-server-page';

/** A page of GET /api/redemption/, or, while a keyword is set, of GET /api/redemption/search. */
const loadRedemptions = (keyword: string, page: number, size: number) =>
  call(keyword.trim() === '' ? listRedemptions(page, size) : searchRedemptions(keyword.trim(), page, size));

/** The redemption table's data; the search is the keyword over id and name. */
export function useRedemptions() {
  return useServerPage<Redemption, string>('', loadRedemptions);
}
