import type { KeyboardEvent } from 'react';
import { Button, Tag, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconEdit } from '@arco-design/web-react/icon';
import type { ProjectView } from '@gw/shared';
import { formatTime, statusColor, statusLabel } from './workflow-view';

interface ProjectCardProps {
  project: ProjectView;
  onOpen: (project: ProjectView) => void;
  onEdit: (project: ProjectView) => void;
  onDelete: (project: ProjectView) => void;
}

/** One project: title, status, description, last update and author; the card opens the editor. */
export function ProjectCard({ project, onOpen, onEdit, onDelete }: ProjectCardProps) {
  const handleKey = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(project);
    }
  };

  return (
    <div className="workflow-card" role="link" tabIndex={0} aria-label={project.title} onClick={() => onOpen(project)} onKeyDown={handleKey}>
      <div className="workflow-card-head">
        <span className="workflow-card-title" title={project.title}>
          {project.title}
        </span>
        <Tag size="small" color={statusColor(project.status)}>
          {statusLabel(project.status)}
        </Tag>
      </div>
      <p className="workflow-card-description">{project.description || '暂无描述'}</p>
      <div className="workflow-card-foot">
        <span className="workflow-card-meta">
          <span>更新于 {formatTime(project.updated_at)}</span>
          <span>作者：{project.author || project.create_by_str || '—'}</span>
        </span>
        {/* The actions do not open the card. */}
        <span className="workflow-card-actions" onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
          <Tooltip content="编辑">
            <Button size="mini" type="text" icon={<IconEdit />} aria-label={`编辑项目 ${project.title}`} onClick={() => onEdit(project)} />
          </Tooltip>
          <Tooltip content="删除">
            <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={`删除项目 ${project.title}`} onClick={() => onDelete(project)} />
          </Tooltip>
        </span>
      </div>
    </div>
  );
}
