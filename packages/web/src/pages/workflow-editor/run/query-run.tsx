import { useEffect, useRef, useState } from 'react';
import { Button, Empty, Input, Message } from '@arco-design/web-react';
import { MSG_WORKFLOW_QUERY_REQUIRED, MSG_WORKFLOW_RUN_FAILED, WORKFLOW_QUERY_MAX_LENGTH } from '@gw/shared';
import { streamRun } from '@/api/workflow-runs';
import { failureText } from '@/pages/workflow/workflow-view';
import { useEditorStoreApi } from '../store/editor-context';
import { applyStreamEvent, finishCards, initialCards, type AnswerCard } from './answer-cards';
import { AnswerCardView } from './answer-card-view';

interface QueryRunProps {
  /** Saves the graph when it has unsaved changes; false when that failed. */
  ensureSaved: () => Promise<boolean>;
}

/** A streamed run of one typed question: one card per llm node, filled as the answers arrive. */
export function QueryRun({ ensureSaved }: QueryRunProps) {
  const store = useEditorStoreApi();
  const [query, setQuery] = useState('');
  const [cards, setCards] = useState<AnswerCard[]>([]);
  const [running, setRunning] = useState(false);
  const abort = useRef<AbortController>();

  useEffect(() => () => abort.current?.abort(), []);

  const handleRun = async () => {
    const text = query.trim();
    if (!text) {
      Message.warning(MSG_WORKFLOW_QUERY_REQUIRED);
      return;
    }
    if (!(await ensureSaved())) return;
    const { project, graph } = store.getState();
    if (!project) return;
    abort.current = new AbortController();
    setRunning(true);
    setCards(initialCards(graph()));
    try {
      await streamRun({ app_id: project.id, query: text }, (event) => setCards((current) => applyStreamEvent(current, event)), abort.current.signal);
      setCards((current) => finishCards(current, '没有收到回答'));
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        const reason = error instanceof Error ? error.message : String(error);
        Message.error(failureText(MSG_WORKFLOW_RUN_FAILED, reason));
        setCards((current) => finishCards(current, reason));
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="wf-run-section">
      <Input.TextArea
        aria-label="试运行问题"
        placeholder="输入一个问题，用每个大模型节点各回答一次"
        value={query}
        onChange={setQuery}
        maxLength={WORKFLOW_QUERY_MAX_LENGTH}
        autoSize={{ minRows: 3, maxRows: 8 }}
      />
      <div className="wf-run-actions">
        <Button type="primary" loading={running} onClick={handleRun}>
          试运行
        </Button>
        {running ? <Button onClick={() => abort.current?.abort()}>停止</Button> : null}
      </div>
      {cards.length === 0 ? <Empty description="运行后在这里查看每个模型的回答" /> : cards.map((card) => <AnswerCardView key={card.nodeId} card={card} />)}
    </div>
  );
}
