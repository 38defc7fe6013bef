import { useState } from 'react';
import { Button, Spin, Tag, Typography } from '@arco-design/web-react';
import { IconArrowDown, IconArrowUp, IconDelete, IconEdit, IconPlus } from '@arco-design/web-react/icon';
import { WORKFLOW_SCORER_LABELS, WORKFLOW_SCORERS_MAX, type WorkflowScorer } from '@gw/shared';
import { ScorerForm } from './scorer-form';
import { freeName, scorerDefaults, scorerSummary } from './scorer-rules';
import './scorer-editor.css';

interface ScorerEditorProps {
  scorers: WorkflowScorer[];
  models: string[];
  loading: boolean;
  saving: boolean;
  onChange: (scorers: WorkflowScorer[]) => void;
  onSave: () => void;
}

/** The scorer being edited: its place in the list, or null for a new one. */
interface Editing {
  index: number | null;
  scorer: WorkflowScorer;
}

/** 评分方式: the run's scorers in order (the first one's pass rate is the run's accuracy), each edited in a form. */
export function ScorerEditor({ scorers, models, loading, saving, onChange, onSave }: ScorerEditorProps) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const names = scorers.map((scorer) => scorer.name);
  const full = scorers.length >= WORKFLOW_SCORERS_MAX;

  const handleAdd = () => setEditing({ index: null, scorer: { name: freeName('regex', names), type: 'regex', ...scorerDefaults('regex', models) } });
  const handleMove = (index: number, by: -1 | 1) => {
    const next = [...scorers];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  const handleSaved = (scorer: WorkflowScorer) => {
    if (!editing) return;
    onChange(editing.index === null ? [...scorers, scorer] : scorers.map((item, at) => (at === editing.index ? scorer : item)));
    setEditing(null);
  };

  return (
    <section className="wf-scorers" aria-label="评分方式">
      <div className="wf-scorers-head">
        <Typography.Text bold>评分方式</Typography.Text>
        <Button size="mini" type="text" loading={saving} disabled={loading} onClick={onSave}>
          保存为项目默认
        </Button>
      </div>
      <Typography.Text type="secondary" className="wf-scorers-hint">
        每个回答按下列评分逐一判定；第一个评分的通过率即运行的正确率。开始运行时，评分方式随项目保存。
      </Typography.Text>
      <Spin loading={loading} block>
        <ol className="wf-scorer-list">
          {scorers.map((scorer, index) => (
            <li key={scorer.name} className="wf-scorer-row" aria-label={`评分 ${scorer.name}`}>
              <div className="wf-scorer-main">
                <div className="wf-scorer-title">
                  <span className="wf-scorer-name" title={scorer.name}>
                    {scorer.name}
                  </span>
                  <Tag size="small">{WORKFLOW_SCORER_LABELS[scorer.type]}</Tag>
                  {index === 0 && (
                    <Tag size="small" color="arcoblue">
                      正确率
                    </Tag>
                  )}
                </div>
                <Typography.Text type="secondary" className="wf-scorer-summary" title={scorerSummary(scorer)}>
                  {scorerSummary(scorer)}
                </Typography.Text>
              </div>
              <div className="wf-scorer-actions">
                <Button size="mini" type="text" icon={<IconArrowUp />} aria-label={`上移 ${scorer.name}`} disabled={index === 0} onClick={() => handleMove(index, -1)} />
                <Button size="mini" type="text" icon={<IconArrowDown />} aria-label={`下移 ${scorer.name}`} disabled={index === scorers.length - 1} onClick={() => handleMove(index, 1)} />
                <Button size="mini" type="text" icon={<IconEdit />} aria-label={`编辑 ${scorer.name}`} onClick={() => setEditing({ index, scorer })} />
                <Button
                  size="mini"
                  type="text"
                  status="danger"
                  icon={<IconDelete />}
                  aria-label={`删除 ${scorer.name}`}
                  // A run needs at least one scorer.
                  disabled={scorers.length === 1}
                  onClick={() => onChange(scorers.filter((_, at) => at !== index))}
                />
              </div>
            </li>
          ))}
        </ol>
      </Spin>
      <Button size="small" icon={<IconPlus />} disabled={loading || full} onClick={handleAdd}>
        {full ? `最多 ${WORKFLOW_SCORERS_MAX} 个评分` : '添加评分'}
      </Button>
      {editing && (
        <ScorerForm
          scorer={editing.scorer}
          isNew={editing.index === null}
          otherNames={names.filter((_, at) => at !== editing.index)}
          models={models}
          onSave={handleSaved}
          onCancel={() => setEditing(null)}
        />
      )}
    </section>
  );
}
