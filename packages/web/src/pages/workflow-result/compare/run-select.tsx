import { useEffect, useState } from 'react';
import { Empty, Select } from '@arco-design/web-react';
import { MSG_WORKFLOW_RUNS_FAILED, PROJECT_SEARCH_MAX_LENGTH } from '@gw/shared';
import { listRuns } from '@/api/workflow-runs';
import { useSettledSearch } from '@/lib/use-settled-search';
import { runCall, WORKFLOW_SEARCH_DEBOUNCE_MS } from '@/pages/workflow/workflow-view';
import { isFinishedWholeRun, runChoiceLabel, type RunChoice } from './run-choice';

/** How many of the user's runs a picker lists: the newest, or the newest that match the search. */
export const RUN_PICKER_SIZE = 20;

interface RunSelectProps {
  /** The control's accessible name. */
  label: string;
  value: number | undefined;
  onChange: (run: RunChoice) => void;
  /** A run that cannot be picked (the other side of the comparison). */
  exclude?: number;
  /** The choices before anything is typed; without them, the user's newest runs. */
  runs?: RunChoice[];
  /** Runs the caller already knows: the chosen one keeps its label when no list holds it. */
  known?: RunChoice[];
}

/** Picks one of the user's finished whole-data runs, newest first, searchable by project or data source. */
export function RunSelect({ label, value, onChange, exclude, runs, known = [] }: RunSelectProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<RunChoice[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<RunChoice | null>(null);
  useSettledSearch(text, WORKFLOW_SEARCH_DEBOUNCE_MS, setSearch);
  const fromServer = runs === undefined || search !== '';

  useEffect(() => {
    if (!fromServer) return;
    let active = true;
    setLoading(true);
    void runCall(listRuns({ page: 1, page_size: RUN_PICKER_SIZE, search_key: search }), MSG_WORKFLOW_RUNS_FAILED).then((result) => {
      if (!active) return;
      setFound(result?.data.list.filter(isFinishedWholeRun) ?? []);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [fromServer, search]);

  const listed = fromServer ? found : runs;
  const current = [...known, ...(chosen ? [chosen] : [])].filter((run) => run.id === value);
  const byId = new Map([...listed, ...current].map((run) => [run.id, run]));
  const choices = [...byId.values()].filter((run) => run.id !== exclude).sort((a, b) => b.id - a.id);

  const handleChange = (id: number) => {
    const run = byId.get(id);
    if (!run) return;
    setChosen(run);
    onChange(run);
  };

  return (
    <Select
      aria-label={label}
      className="compare-run-select"
      showSearch
      filterOption={false}
      placeholder="搜索项目名称或数据来源"
      value={value}
      loading={loading}
      onSearch={(typed) => setText(typed.slice(0, PROJECT_SEARCH_MAX_LENGTH))}
      onChange={handleChange}
      notFoundContent={<Empty description={search ? '没有找到匹配的运行记录' : '没有可以对比的运行记录'} />}
      options={choices.map((run) => ({ value: run.id, label: runChoiceLabel(run) }))}
    />
  );
}
