import { useEffect, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { MSG_WORKFLOW_SCORERS_SAVED, WORKFLOW_DEFAULT_SCORERS, type WorkflowScorer } from '@gw/shared';
import { projectScorers, saveProjectScorers } from '@/api/workflow-runs';
import { runCall } from '@/pages/workflow/workflow-view';

/**
 * The scorers of the run dialog: the project's saved list (the server answers the default when none
 * is saved), edited here and sent with the estimate and the start; saving keeps them without a run.
 */
export function useProjectScorers(appId: number | undefined) {
  const [scorers, setScorers] = useState<WorkflowScorer[]>(WORKFLOW_DEFAULT_SCORERS);
  const [loading, setLoading] = useState(appId !== undefined);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (appId === undefined) return undefined;
    let current = true;
    setLoading(true);
    void runCall(projectScorers(appId), '读取评分方式失败').then((result) => {
      if (!current) return;
      if (result) setScorers(result.data.scorers.length > 0 ? result.data.scorers : WORKFLOW_DEFAULT_SCORERS);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [appId]);

  const save = async () => {
    if (appId === undefined) return;
    setSaving(true);
    const result = await runCall(saveProjectScorers(appId, scorers), '保存评分方式失败');
    setSaving(false);
    if (!result) return;
    setScorers(result.data.scorers);
    Message.success(MSG_WORKFLOW_SCORERS_SAVED);
  };

  return { scorers, setScorers, loading, saving, save };
}
