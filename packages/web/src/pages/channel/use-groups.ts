import { useEffect, useState } from 'react';
import { call } from '@/api/http';
import { listGroups } from '@/api/channels';

/** The group names of GET /api/group/, for the search form, the channel form and the tag dialog. */
export function useGroups(): string[] {
  const [groups, setGroups] = useState<string[]>([]);

  useEffect(() => {
    let active = true;
    void call(listGroups()).then((names) => {
      if (active && Array.isArray(names)) setGroups(names);
    });
    return () => {
      active = false;
    };
  }, []);

  return groups;
}
