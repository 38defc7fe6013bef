import { useCallback, useEffect, useState } from 'react';
import { call } from '@/api/http';
import { listUpdateNotes, type UpdateNote } from '@/api/update';

/** The release notes, newest first, with a reload after edits. */
export function useUpdateNotes() {
  const [notes, setNotes] = useState<UpdateNote[]>([]);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    const list = await call(listUpdateNotes());
    setNotes(list ?? []);
    setLoading(false);
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { notes, loading, reload };
}
