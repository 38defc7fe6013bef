import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Empty, Message, Pagination, Select, Spin } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { MSG_PROJECT_DELETE_FAILED, MSG_PROJECT_DELETED, PROJECT_PAGE_SIZE, PROJECT_SEARCH_MAX_LENGTH, PROJECT_STATUSES, type ProjectStatus, type ProjectView } from '@gw/shared';
import { deleteProject } from '@/api/workflow-projects';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { ProjectCard } from './project-card';
import { ProjectFormModal } from './project-form-modal';
import { SearchInput } from './search-input';
import { useProjectList } from './use-project-list';
import { PROJECT_STATUS_LABELS, runCall } from './workflow-view';

const STATUS_OPTIONS = [{ label: '全部状态', value: '' }, ...PROJECT_STATUSES.map((status) => ({ label: PROJECT_STATUS_LABELS[status], value: status }))];

/** 项目 (spec 3 §2.5): the project cards, 15 a page, with search, a status filter, create, edit and delete. */
export function ProjectsTab() {
  const projects = useProjectList();
  const navigate = useNavigate();
  const [form, setForm] = useState<{ editing?: ProjectView } | null>(null);
  const [deleting, setDeleting] = useState<ProjectView | null>(null);

  const openProject = (project: ProjectView) => navigate(`/workflow/editor/${project.id}`, { state: { project } });

  const handleDelete = async () => {
    if (!deleting) return false;
    const result = await runCall(deleteProject(deleting.id), MSG_PROJECT_DELETE_FAILED);
    if (!result) return false;
    Message.success(MSG_PROJECT_DELETED);
    projects.afterDelete();
    return true;
  };

  const filtered = projects.search !== '' || projects.status !== '';
  const empty = !projects.loading && projects.list.length === 0;

  return (
    <section className="workflow-tab">
      <div className="workflow-toolbar">
        <div className="workflow-filters">
          <SearchInput label="搜索项目" placeholder="搜索项目名称或描述" maxLength={PROJECT_SEARCH_MAX_LENGTH} onSearch={projects.handleSearch} />
          <Select
            className="workflow-status-filter"
            aria-label="项目状态"
            value={projects.status}
            options={STATUS_OPTIONS}
            onChange={(value: ProjectStatus | '') => projects.handleStatus(value)}
          />
        </div>
        <Button type="primary" icon={<IconPlus />} onClick={() => setForm({})}>
          新建项目
        </Button>
      </div>

      <Spin loading={projects.loading} block className="workflow-spin">
        {empty ? (
          <Empty className="workflow-empty" description={filtered ? '没有找到匹配的项目' : '还没有项目，点击“新建项目”开始'} />
        ) : (
          <div className="workflow-grid">
            {projects.list.map((project) => (
              <ProjectCard key={project.id} project={project} onOpen={openProject} onEdit={(editing) => setForm({ editing })} onDelete={setDeleting} />
            ))}
          </div>
        )}
      </Spin>

      {projects.total > PROJECT_PAGE_SIZE && (
        <Pagination
          className="workflow-pager"
          simple={false}
          current={projects.page}
          pageSize={PROJECT_PAGE_SIZE}
          total={projects.total}
          onChange={projects.setPage}
          showTotal
          size="small"
        />
      )}

      <ProjectFormModal visible={form !== null} editing={form?.editing} onClose={() => setForm(null)} onSaved={projects.reload} />
      <ConfirmDeleteModal title="删除项目" visible={deleting !== null} onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        确定删除项目「{deleting?.title}」吗？它的工作流和草稿会一并删除，且无法恢复。
      </ConfirmDeleteModal>
    </section>
  );
}
