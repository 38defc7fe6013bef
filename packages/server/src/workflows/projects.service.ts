import {
  MSG_PROJECT_NOT_FOUND,
  PROJECT_AUTHOR_DEFAULT,
  PROJECT_PAGE_SIZE,
  PROJECT_STATUS_DEFAULT,
  type ProjectDetail,
  type ProjectPage,
  START_NODE_DEFAULT,
  WORKFLOW_FEATURES_DEFAULT,
  WORKFLOW_TYPE_DEFAULT,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from '@gw/shared';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type Repository } from 'typeorm';
import { containsPattern } from '../common/contains-pattern';
import { BusinessError } from '../common/business.error';
import { nowSeconds } from '../common/time';
import type { UserEntity } from '../users/user.entity';
import type { CreateProjectDto, ListProjectsQuery, UpdateProjectDto } from './dto/project.dto';
import { WorkflowAppEntity } from './workflow-app.entity';
import { DRAFT_VERSION, WorkflowEntity } from './workflow.entity';
import { WorkflowGraphService } from './workflow-graph.service';
import { toProjectDetail, toProjectView } from './workflow.view';
import { numberedPage, requestedNumberedPage } from '../common/paging';

/** The graph of a project created without nodes: the default start node alone (spec 3 §3). */
const defaultGraph = (): WorkflowGraph => ({ nodes: [structuredClone(START_NODE_DEFAULT)], edges: [], viewport: { x: 0, y: 0, zoom: 1 } });

/** A user's workflow projects (spec 3 §2.5, §3 Project / app, §4): list, create with the first draft, read, update, delete. */
@Injectable()
export class ProjectsService {
  constructor(
    @InjectRepository(WorkflowAppEntity) private readonly apps: Repository<WorkflowAppEntity>,
    private readonly graphs: WorkflowGraphService,
  ) {}

  /** The user's project; another user's answers exactly like a missing one. */
  async owned(userId: number, id: number): Promise<WorkflowAppEntity> {
    const app = await this.apps.findOneBy({ id, user_id: userId });
    if (!app) throw new BusinessError(MSG_PROJECT_NOT_FOUND);
    return app;
  }

  /** Most recently updated first; search_key is found literally in the title or the description. */
  async list(userId: number, query: ListProjectsQuery): Promise<ProjectPage> {
    const wanted = requestedNumberedPage(query, PROJECT_PAGE_SIZE);
    const builder = this.apps.createQueryBuilder('app').where('app.user_id = :userId', { userId });
    if (query.search_key) {
      const pattern = containsPattern(query.search_key);
      builder.andWhere(new Brackets((where) => where.where('app.title ILIKE :pattern', { pattern }).orWhere('app.description ILIKE :pattern', { pattern })));
    }
    if (query.status) builder.andWhere('app.status = :status', { status: query.status });
    const found = await builder.orderBy('app.updated_at', 'DESC').addOrderBy('app.id', 'DESC').skip(wanted.skip).take(wanted.take).getManyAndCount();
    return numberedPage(found, wanted, toProjectView);
  }

  /** The project and its first workflow record (the draft: type chat, features 'new workflow'), together or not at all. */
  async create(user: UserEntity, dto: CreateProjectDto): Promise<ProjectDetail> {
    const graph: WorkflowGraph =
      dto.nodes && dto.nodes.length > 0 ? { nodes: dto.nodes as WorkflowNode[], edges: (dto.edges ?? []) as WorkflowEdge[] } : defaultGraph();
    await this.graphs.check(graph, user.group);
    const now = nowSeconds();
    return this.apps.manager.transaction(async (manager) => {
      const app = await manager.save(
        manager.create(WorkflowAppEntity, {
          user_id: user.id,
          title: dto.title,
          description: dto.description ?? '',
          status: dto.status ?? PROJECT_STATUS_DEFAULT,
          author: dto.author || user.username || PROJECT_AUTHOR_DEFAULT,
          create_by_str: user.username,
          nodes: graph.nodes,
          edges: graph.edges,
          has_run: false,
          created_at: now,
          updated_at: now,
          open_time: now,
        }),
      );
      await manager.save(
        manager.create(WorkflowEntity, {
          app_id: app.id,
          user_id: user.id,
          version: DRAFT_VERSION,
          type: WORKFLOW_TYPE_DEFAULT,
          graph: JSON.stringify(graph),
          features: WORKFLOW_FEATURES_DEFAULT,
          conversation_variables: '',
          environment_variables: JSON.stringify({ project_info: { id: app.id, name: app.title, description: app.description, status: 'draft' } }),
          created_at: now,
          updated_at: now,
        }),
      );
      return toProjectDetail(app);
    });
  }

  async get(userId: number, id: number): Promise<ProjectDetail> {
    return toProjectDetail(await this.owned(userId, id));
  }

  async update(userId: number, id: number, dto: UpdateProjectDto): Promise<ProjectDetail> {
    const app = await this.owned(userId, id);
    if (dto.title !== undefined) app.title = dto.title;
    if (dto.description !== undefined) app.description = dto.description;
    app.updated_at = nowSeconds();
    return toProjectDetail(await this.apps.save(app));
  }

  /** The database deletes its workflow records (draft and versions) with it. */
  async remove(userId: number, id: number): Promise<void> {
    const result = await this.apps.delete({ id, user_id: userId });
    if (!result.affected) throw new BusinessError(MSG_PROJECT_NOT_FOUND);
  }
}
