import { useCallback, useEffect, useState } from 'react';
import type { ModelAvailability, ModelAvailabilityDays } from '@gw/shared';
import { call } from '@/api/http';
import { getChannelModelAvailability } from '@/api/channel-models';
import { searchChannels, type ChannelRow } from '@/api/channels';

/** Channels offered by the picker for one search. */
const PICKER_SIZE = 20;

export interface ChannelOption {
  id: number;
  name: string;
}

/** Tag rows never come back outside tag mode; the guard keeps the type honest. */
const asOption = (row: ChannelRow): ChannelOption | undefined => ('id' in row ? { id: row.id, name: row.name } : undefined);

/** The channel picker's matches (read when it opens or its text changes) and the chosen channel's availability. */
export function useChannelAvailability() {
  const [options, setOptions] = useState<ChannelOption[]>([]);
  const [searching, setSearching] = useState(false);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [days, setDays] = useState<ModelAvailabilityDays>(7);
  const [availability, setAvailability] = useState<ModelAvailability[] | null>(null);
  const [loading, setLoading] = useState(false);

  const handleSearch = useCallback(async (keyword: string) => {
    setSearching(true);
    const page = await call(searchChannels({ keyword, group: '', model: '' }, 0, PICKER_SIZE, { id_sort: true, tag_mode: false }));
    setSearching(false);
    if (page) setOptions(page.items.map(asOption).filter((option): option is ChannelOption => option !== undefined));
  }, []);

  useEffect(() => {
    if (channelId === null) return;
    let active = true;
    setLoading(true);
    void call(getChannelModelAvailability(channelId, days)).then((reply) => {
      if (!active) return;
      setLoading(false);
      setAvailability(reply ?? null);
    });
    return () => {
      active = false;
    };
  }, [channelId, days]);

  return { options, searching, channelId, setChannelId, days, setDays, availability, loading, handleSearch };
}
