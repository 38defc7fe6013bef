import {
  MSG_PROJECT_NOT_FOUND,
  MSG_WORKFLOW_DRAFT_NOT_FOUND,
  WORKFLOW_FEATURES_DEFAULT,
  WORKFLOW_JSON_MAX_BYTES,
  WORKFLOW_TYPE_DEFAULT,
  type WorkflowView,
} from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import type { UserEntity } from '../users/user.entity';
import type { SaveWorkflowDto } from './dto/save-workflow.dto';
import { conversationVariablesProblem, environmentVariablesProblem, isEmptyJson, MSG_JSON_TOO_LARGE, parseJsonField } from './graph-rules';
import { ProjectsService } from './projects.service';
import { WorkflowAppEntity } from './workflow-app.entity';
import { DRAFT_VERSION, WorkflowEntity } from './workflow.entity';
import { WorkflowGraphService } from './workflow-graph.service';
import { toWorkflowView } from './workflow.view';

/** A JSON field as text to store, refusing what `problem` finds; an empty field is stored as ''. */
function jsonText(input: unknown, label: string, problem: (value: unknown) => string | undefined): string {
  if (typeof input === 'string' && input.trim() === '') return '';
  const parsed = parseJsonField(input, label);
  if ('problem' in parsed) throw new BusinessError(parsed.problem);
  const found = problem(parsed.value);
  if (found) throw new BusinessError(found);
  return isEmptyJson(parsed.value) ? '' : parsed.text;
}

/** `features` is free text ('new workflow') or an object; either way stored as text within the size limit. */
function featuresText(input: unknown): string {
  const text = typeof input === 'string' ? input : JSON.stringify(input);
  if (Buffer.byteLength(text, 'utf8') > WORKFLOW_JSON_MAX_BYTES) throw new BusinessError(`features：${MSG_JSON_TOO_LARGE}`);
  return text;
}

/** A project's workflow draft (spec 3 §3 Workflow, §4 load order): what the editor loads, saves and discards. */
@Injectable()
export class WorkflowsService {
  constructor(
    @InjectRepository(WorkflowEntity) private readonly workflows: Repository<WorkflowEntity>,
    private readonly projects: ProjectsService,
    private readonly graphs: WorkflowGraphService,
  ) {}

  /**
   * The draft, and the project's open_time stamped. Without a draft (discarded), the project's own
   * nodes and edges as a workflow with no id: what the editor falls back to anyway.
   */
  async load(userId: number, appId: number): Promise<WorkflowView> {
    const app = await this.projects.owned(userId, appId);
    await this.workflows.manager.update(WorkflowAppEntity, { id: app.id }, { open_time: nowSeconds() });
    return this.current(app);
  }

  /** The project and the graph a run executes (its draft's, or its own nodes and edges), parsed; nothing stamped. */
  async runnable(userId: number, appId: number): Promise<{ app: WorkflowAppEntity; graph: unknown }> {
    const app = await this.projects.owned(userId, appId);
    const view = await this.current(app);
    let graph: unknown;
    try {
      graph = JSON.parse(view.graph);
    } catch {
      graph = undefined; // a draft's graph was checked when saved; the fallback is built here
    }
    return { app, graph };
  }

  private async current(app: WorkflowAppEntity): Promise<WorkflowView> {
    const draft = await this.workflows.findOneBy({ app_id: app.id, version: DRAFT_VERSION });
    if (draft) return toWorkflowView(draft);
    return {
      id: null,
      app_id: app.id,
      type: WORKFLOW_TYPE_DEFAULT,
      graph: JSON.stringify({ nodes: app.nodes, edges: app.edges, viewport: { x: 0, y: 0, zoom: 1 } }),
      features: WORKFLOW_FEATURES_DEFAULT,
      conversation_variables: '',
      environment_variables: '',
      updated_at: app.updated_at,
    };
  }

  /** Validates every field, then writes the draft (created when there is none) and moves the project up the list. */
  async save(user: UserEntity, appId: number, dto: SaveWorkflowDto): Promise<WorkflowView> {
    await this.projects.owned(user.id, appId);
    const graph = parseJsonField(dto.graph, '工作流图 graph');
    if ('problem' in graph) throw new BusinessError(graph.problem);
    await this.graphs.check(graph.value, user.group);
    const fields = {
      ...(dto.type === undefined ? {} : { type: dto.type }),
      graph: graph.text,
      ...(dto.features === undefined ? {} : { features: featuresText(dto.features) }),
      ...(dto.conversation_variables === undefined
        ? {}
        : { conversation_variables: jsonText(dto.conversation_variables, '会话变量 conversation_variables', conversationVariablesProblem) }),
      ...(dto.environment_variables === undefined
        ? {}
        : { environment_variables: jsonText(dto.environment_variables, '环境变量 environment_variables', environmentVariablesProblem) }),
    };
    const now = nowSeconds();
    return this.workflows.manager.transaction(async (manager) => {
      // The project row's lock orders concurrent saves of one app (and waits for a delete of it).
      const locked = await manager.findOne(WorkflowAppEntity, { where: { id: appId, user_id: user.id }, lock: { mode: 'pessimistic_write' } });
      if (!locked) throw new BusinessError(MSG_PROJECT_NOT_FOUND);
      const draft =
        (await manager.findOneBy(WorkflowEntity, { app_id: appId, version: DRAFT_VERSION })) ??
        manager.create(WorkflowEntity, {
          app_id: appId,
          user_id: user.id,
          version: DRAFT_VERSION,
          type: WORKFLOW_TYPE_DEFAULT,
          features: WORKFLOW_FEATURES_DEFAULT,
          conversation_variables: '',
          environment_variables: '',
          created_at: now,
        });
      Object.assign(draft, fields, { updated_at: now });
      const saved = await manager.save(draft);
      await manager.update(WorkflowAppEntity, { id: appId }, { updated_at: now });
      return toWorkflowView(saved);
    });
  }

  /** Discards a draft of the user's (by the draft's id); the editor then loads the project's own graph. */
  async deleteDraft(userId: number, id: number): Promise<void> {
    const result = await this.workflows.delete({ id, user_id: userId, version: DRAFT_VERSION });
    if (!result.affected) throw new BusinessError(MSG_WORKFLOW_DRAFT_NOT_FOUND);
  }
}
