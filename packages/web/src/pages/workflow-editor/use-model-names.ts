import { useEffect } from 'react';
import { Message } from '@arco-design/web-react';
import { MSG_WORKFLOW_MODELS_FAILED, WORKFLOW_FALLBACK_MODELS } from '@gw/shared';
import { listChatModels } from '@/api/chat-models';
import { useEditorStoreApi } from './store/editor-context';

/** Loads the llm panel's model names once per editor; on failure says so and offers the built-in five (spec 3 §8). */
export function useModelNames() {
  const store = useEditorStoreApi();
  useEffect(() => {
    let current = true;
    listChatModels()
      .then((models) => {
        if (current) store.getState().setModels([...new Set(models.map((model) => model.name || model.id).filter(Boolean))]);
      })
      .catch(() => {
        if (!current) return;
        Message.error(MSG_WORKFLOW_MODELS_FAILED);
        store.getState().setModels([...WORKFLOW_FALLBACK_MODELS]);
      });
    return () => {
      current = false;
    };
  }, [store]);
}
