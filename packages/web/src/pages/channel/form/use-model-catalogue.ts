import { useEffect, useState } from 'react';
import { call } from '@/api/http';
import { listAllModels, listTypeModels } from '@/api/channels';
import { readTypeModels, writeTypeModels } from '../local-settings';

/**
 * Default models per channel type (GET /api/models, cached locally as channel_models so the form
 * can prefill at once) and every model name the gateway knows (GET /api/channel/models).
 */
export function useModelCatalogue() {
  const [typeModels, setTypeModels] = useState(readTypeModels);
  const [allModels, setAllModels] = useState<string[]>([]);

  useEffect(() => {
    let active = true;
    void call(listTypeModels()).then((models) => {
      if (!active || !models || typeof models !== 'object') return;
      writeTypeModels(models);
      setTypeModels(models);
    });
    void call(listAllModels()).then((models) => {
      if (active && Array.isArray(models)) setAllModels(models.map((model) => model.id));
    });
    return () => {
      active = false;
    };
  }, []);

  return { typeModels, allModels };
}
