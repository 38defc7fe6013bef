import { Injectable } from '@nestjs/common';
import { ModelCatalogService } from '../channels/model-catalog.service';
import { BusinessError } from '../common/business.error';
import { graphProblem, modelsNamed } from './graph-rules';

/** graph-rules.ts with the one thing it cannot know: the models the user's group may use. */
@Injectable()
export class WorkflowGraphService {
  constructor(private readonly catalog: ModelCatalogService) {}

  /** Refuses a graph that breaks a rule, with the rule's message naming the first bad node or edge. */
  async check(graph: unknown, group: string): Promise<void> {
    const usable = modelsNamed(graph).length === 0 ? new Set<string>() : new Set((await this.catalog.usableModels(group)).map((model) => model.name));
    const problem = graphProblem(graph, usable);
    if (problem) throw new BusinessError(problem);
  }
}
