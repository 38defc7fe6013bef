import { useCallback, useEffect, useMemo, useState } from 'react';
import { Message } from '@arco-design/web-react';
import type { ModelAvailability, ModelAvailabilityDays } from '@gw/shared';
import { call, callReply } from '@/api/http';
import {
  getChannelModelAvailability,
  getChannelModelStates,
  setChannelModelEnabled,
  testChannelModels,
  type ChannelModelState,
  type ModelTestResult,
} from '@/api/channel-models';

/** One line of the drawer: the model's status, its last test here and its availability. */
export interface ChannelModelRow extends ChannelModelState {
  result?: ModelTestResult;
  testing: boolean;
  availability?: ModelAvailability;
}

/**
 * The models of one channel: their status (read again after every change), the availability of
 * the chosen period, and the results of the tests run from the drawer.
 */
export function useChannelModels(channelId: number) {
  const [states, setStates] = useState<ChannelModelState[]>([]);
  const [loading, setLoading] = useState(true);
  const [days, setDays] = useState<ModelAvailabilityDays>(7);
  const [availability, setAvailability] = useState<ModelAvailability[]>([]);
  const [results, setResults] = useState<Record<string, ModelTestResult>>({});
  const [testing, setTesting] = useState<ReadonlySet<string>>(new Set());
  const [testingAll, setTestingAll] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    setLoading(true);
    void call(getChannelModelStates(channelId)).then((reply) => {
      if (!active) return;
      setLoading(false);
      if (reply) setStates(reply);
    });
    return () => {
      active = false;
    };
  }, [channelId, version]);

  useEffect(() => {
    let active = true;
    void call(getChannelModelAvailability(channelId, days)).then((reply) => {
      if (active && reply) setAvailability(reply);
    });
    return () => {
      active = false;
    };
  }, [channelId, days, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  /** Tests the given models, or every model of the channel, and says how it went. */
  const handleTest = useCallback(
    async (models?: string[]) => {
      const names = models ?? states.map((state) => state.model);
      setTesting((current) => new Set([...current, ...names]));
      if (!models) setTestingAll(true);
      try {
        const reply = await call(testChannelModels(channelId, models));
        if (!reply) return;
        setResults((current) => ({ ...current, ...Object.fromEntries(reply.map((result) => [result.model, result])) }));
        const failed = reply.filter((result) => !result.success).length;
        if (models?.length === 1) {
          const [result] = reply;
          if (result.success) Message.success(`模型 ${result.model} 测试成功，耗时 ${result.time.toFixed(2)} 秒`);
          else Message.error(`模型 ${result.model} 测试失败：${result.message}`);
        } else if (failed === 0) Message.success(`测试完成：${reply.length} 个模型全部成功`);
        else Message.warning(`测试完成：成功 ${reply.length - failed} 个，失败 ${failed} 个`);
        // A test may disable a model the upstream lacks or bring one back.
        if (reply.some((result) => result.model_status_change !== null)) reload();
      } finally {
        setTesting((current) => new Set([...current].filter((name) => !names.includes(name))));
        if (!models) setTestingAll(false);
      }
    },
    [channelId, reload, states],
  );

  const handleToggle = useCallback(
    async (model: string, enabled: boolean) => {
      const reply = await callReply(setChannelModelEnabled(channelId, model, enabled));
      if (!reply) return;
      Message.success(reply.message || '操作成功完成！');
      reload();
    },
    [channelId, reload],
  );

  const rows = useMemo<ChannelModelRow[]>(() => {
    const byModel = new Map(availability.map((entry) => [entry.model, entry]));
    return states.map((state) => ({ ...state, result: results[state.model], testing: testing.has(state.model), availability: byModel.get(state.model) }));
  }, [availability, results, states, testing]);

  return { rows, loading, days, setDays, testingAll, handleTest, handleToggle };
}
