import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Message, Result, Spin } from '@arco-design/web-react';
import { MSG_WORKFLOW_PROJECT_CREATE_FAILED, MSG_WORKFLOW_PROJECT_CREATED, PROJECT_AUTHOR_DEFAULT, PROJECT_STATUS_DEFAULT } from '@gw/shared';
import { callQuietly } from '@/api/http';
import { getDataset } from '@/api/data-library';
import { datasetFields } from '@/api/workflow-runs';
import { createProject } from '@/api/workflow-projects';
import { runCall } from '@/pages/workflow/workflow-view';
import { useUserStore } from '@/stores/user';
import { datasetGraph, datasetProjectTitle } from './graph/default-graph';

/**
 * /workflow/editor/new?dataset=ID (the data market's "使用此数据创建工作流"): creates a project named
 * after the dataset and the minute, whose input node reads a field that dataset's samples have,
 * then replaces the address with the new project's editor.
 */
export function CreateFromDataset({ datasetId }: { datasetId: number }) {
  const navigate = useNavigate();
  const username = useUserStore((state) => state.user?.username);
  const [failed, setFailed] = useState(false);
  // Strict mode mounts twice: one project, not two.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      if (!Number.isInteger(datasetId) || datasetId <= 0) {
        setFailed(true);
        return;
      }
      const [dataset, fields] = await Promise.all([callQuietly(getDataset(datasetId)), callQuietly(datasetFields(datasetId))]);
      // The field its samples suggest; none when that cannot be read (the input panel fills it in once it can).
      const graph = datasetGraph(datasetId, fields?.field ?? '');
      const title = datasetProjectTitle(dataset?.name || dataset?.title || `数据集 ${datasetId}`, new Date());
      const result = await runCall(
        createProject({ title, description: dataset?.description?.slice(0, 500) ?? '', status: PROJECT_STATUS_DEFAULT, author: username || PROJECT_AUTHOR_DEFAULT, nodes: graph.nodes, edges: graph.edges }),
        MSG_WORKFLOW_PROJECT_CREATE_FAILED,
      );
      if (!result) {
        setFailed(true);
        return;
      }
      const project = result.data;
      Message.success(MSG_WORKFLOW_PROJECT_CREATED);
      navigate(`/workflow/editor/${project.id}`, { replace: true, state: { project, nodes: project.nodes, edges: project.edges } });
    })();
  }, [datasetId, navigate, username]);

  if (failed) {
    return (
      <Result
        status="error"
        title={MSG_WORKFLOW_PROJECT_CREATE_FAILED}
        extra={[
          <Link key="market" to={datasetId > 0 ? `/data-market/${datasetId}` : '/data-market'}>
            <Button>返回数据集</Button>
          </Link>,
          <Link key="projects" to="/workflow">
            <Button type="primary">查看项目</Button>
          </Link>,
        ]}
      />
    );
  }
  return (
    <div className="wf-editor-state">
      <Spin tip="正在用数据集创建工作流…" />
    </div>
  );
}
