import { useCallback, useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { MSG_CHAT_MODEL_ADDED, MSG_CHAT_MODEL_SWITCHED, type ChatModelView, type ModelParams } from '@gw/shared';
import { listChatModels, listHistoryModels, showChatError } from '@/api/chat-models';
import { loadStartingParams } from '@/components/model-params/starting-params';
import { refuseAdd, refuseRemove, refuseReplace } from '@/components/model-picker/selection-rules';
import type { SelectedModel } from '@/pages/multi-model-compare/launch-state';

/**
 * The landing page's models (spec 3 §2.9, §4 "Model config panel modes"): the list to pick from,
 * the models chosen with their parameters, and the add / replace / remove rules of spec 3 §5.
 * Starts with `initial` (back from a compare chat) or else the first model of the list.
 */
export function useLandingModels(initial: SelectedModel[] | null) {
  const [models, setModels] = useState<ChatModelView[]>([]);
  const [historyModels, setHistoryModels] = useState<ChatModelView[]>([]);
  const [selected, setSelectedState] = useState<SelectedModel[]>(initial ?? []);
  // The selection as of now, for the checks made after an await.
  const selectedRef = useRef(selected);
  const setSelected = useCallback((change: (current: SelectedModel[]) => SelectedModel[]) => {
    selectedRef.current = change(selectedRef.current);
    setSelectedState(selectedRef.current);
  }, []);
  const hasInitial = (initial?.length ?? 0) > 0;

  useEffect(() => {
    let active = true;
    void listHistoryModels().then((found) => active && setHistoryModels(found));
    listChatModels()
      .then(async (found) => {
        if (!active) return;
        setModels(found);
        const first = found[0];
        if (hasInitial || !first) return;
        const params = await loadStartingParams(first.name);
        if (active) setSelected((current) => (current.length > 0 ? current : [{ model: first, params }]));
      }, showChatError);
    return () => {
      active = false;
    };
  }, [hasInitial, setSelected]);

  const names = () => selectedRef.current.map((item) => item.model.name);

  /** Resolves true when the model was added. */
  const add = useCallback(
    async (model: ChatModelView): Promise<boolean> => {
      const refusal = refuseAdd(names(), model);
      if (refusal) {
        Message.warning(refusal);
        return false;
      }
      const params = await loadStartingParams(model.name);
      // Another pick may have landed meanwhile.
      if (refuseAdd(names(), model)) return false;
      setSelected((current) => [...current, { model, params }]);
      Message.success(MSG_CHAT_MODEL_ADDED);
      return true;
    },
    [setSelected],
  );

  const replace = useCallback(
    async (index: number, model: ChatModelView): Promise<boolean> => {
      const current = selectedRef.current[index];
      if (!current || current.model.name === model.name) return false;
      const refusal = refuseReplace(
        current.model,
        names().filter((_, at) => at !== index),
        model,
      );
      if (refusal) {
        Message.warning(refusal);
        return false;
      }
      const params = await loadStartingParams(model.name);
      if (selectedRef.current[index]?.model.name !== current.model.name) return false;
      setSelected((list) => list.map((item, at) => (at === index ? { model, params } : item)));
      Message.success(MSG_CHAT_MODEL_SWITCHED);
      return true;
    },
    [setSelected],
  );

  const remove = useCallback(
    (index: number): boolean => {
      const refusal = refuseRemove(selectedRef.current.length);
      if (refusal) {
        Message.warning(refusal);
        return false;
      }
      setSelected((list) => list.filter((_, at) => at !== index));
      return true;
    },
    [setSelected],
  );

  const setParams = useCallback(
    (index: number, params: ModelParams) => setSelected((list) => list.map((item, at) => (at === index ? { ...item, params } : item))),
    [setSelected],
  );

  return { models, historyModels, selected, add, replace, remove, setParams };
}
