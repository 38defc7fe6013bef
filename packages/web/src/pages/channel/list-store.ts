import { create } from 'zustand';
import type { ChannelFilters } from '@/api/channels';
import type { RowKey } from './tag-rows';
import { readPageSize, savePageSize } from '@/lib/page-size';
import { readIdSort, writeIdSort } from './local-settings';

export const EMPTY_FILTERS: ChannelFilters = { keyword: '', group: '', model: '' };

interface ChannelListState {
  /** One-based, as the table shows it. */
  page: number;
  pageSize: number;
  idSort: boolean;
  tagMode: boolean;
  /** The applied search; all empty means the plain paged list. */
  filters: ChannelFilters;
  selectedKeys: RowKey[];
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setIdSort: (idSort: boolean) => void;
  setTagMode: (tagMode: boolean) => void;
  setFilters: (filters: ChannelFilters) => void;
  setSelectedKeys: (keys: RowKey[]) => void;
}

export function initialListState() {
  return { page: 1, pageSize: readPageSize(), idSort: readIdSort(), tagMode: false, filters: EMPTY_FILTERS, selectedKeys: [] as RowKey[] };
}

/**
 * UI state of the channel list. Module-level on purpose: coming back from the edit page keeps the
 * page, search and tag mode. Page size and id sort are also stored locally (spec 2 §2).
 */
export const useChannelListStore = create<ChannelListState>((set) => ({
  ...initialListState(),
  setPage: (page) => set({ page, selectedKeys: [] }),
  setPageSize: (pageSize) => {
    savePageSize(pageSize);
    set({ pageSize, page: 1, selectedKeys: [] });
  },
  setIdSort: (idSort) => {
    writeIdSort(idSort);
    set({ idSort, page: 1, selectedKeys: [] });
  },
  setTagMode: (tagMode) => set({ tagMode, page: 1, selectedKeys: [] }),
  setFilters: (filters) => set({ filters, page: 1, selectedKeys: [] }),
  setSelectedKeys: (selectedKeys) => set({ selectedKeys }),
}));

export const hasFilters = (filters: ChannelFilters) => Object.values(filters).some((value) => value.trim() !== '');
