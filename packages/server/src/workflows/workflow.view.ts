import type { ProjectDetail, ProjectView, WorkflowView } from '@gw/shared';
import type { WorkflowAppEntity } from './workflow-app.entity';
import type { WorkflowEntity } from './workflow.entity';

export function toProjectView(app: WorkflowAppEntity): ProjectView {
  return {
    id: app.id,
    title: app.title,
    name: app.title,
    description: app.description,
    status: app.status,
    created_at: app.created_at,
    open_time: app.open_time,
    create_by_str: app.create_by_str,
    updated_at: app.updated_at,
    has_run: app.has_run,
    author: app.author,
  };
}

export const toProjectDetail = (app: WorkflowAppEntity): ProjectDetail => ({ ...toProjectView(app), nodes: app.nodes, edges: app.edges });

export function toWorkflowView(workflow: WorkflowEntity): WorkflowView {
  return {
    id: workflow.id,
    app_id: workflow.app_id,
    type: workflow.type,
    graph: workflow.graph,
    features: workflow.features,
    conversation_variables: workflow.conversation_variables,
    environment_variables: workflow.environment_variables,
    updated_at: workflow.updated_at,
  };
}
