import { useEffect, useState } from 'react';
import { call } from '@/api/http';
import { getUserModels } from '@/api/user';

/** The models the signed-in user may call (GET /api/user/models). */
export function useModels() {
  const [models, setModels] = useState<string[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    void call(getUserModels()).then((found) => {
      if (!active) return;
      setModels(found ?? []);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, []);

  return { models, loading };
}
