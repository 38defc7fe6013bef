import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ChannelsModule } from '../channels/channels.module';
import { AppsController } from './apps.controller';
import { ProjectsService } from './projects.service';
import { WorkflowAppEntity } from './workflow-app.entity';
import { WorkflowController } from './workflow.controller';
import { WorkflowEntity } from './workflow.entity';
import { WorkflowGraphService } from './workflow-graph.service';
import { WorkflowsService } from './workflows.service';

/**
 * Workflow projects and their graphs (spec 3 §2.5–2.6; issue 16): projects, the draft the editor
 * saves, and the graph rules (graph-rules.ts) checked against the models the user's group may use.
 */
@Module({
  imports: [TypeOrmModule.forFeature([WorkflowAppEntity, WorkflowEntity]), ChannelsModule],
  controllers: [AppsController, WorkflowController],
  providers: [ProjectsService, WorkflowsService, WorkflowGraphService],
  exports: [ProjectsService, WorkflowsService],
})
export class WorkflowsModule {}
