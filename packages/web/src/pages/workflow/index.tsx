import { useState } from 'react';
import { Tabs, Typography } from '@arco-design/web-react';
import { FilesTab } from './files-tab';
import { ProjectsTab } from './projects-tab';
import { RunTracker } from './run-tracker';
import './workflow.css';

/** 数据处理工作流 (spec 3 §2.5, §2.8): the projects, and the file library the workflows read. */
export default function WorkflowPage() {
  const [tab, setTab] = useState('projects');
  return (
    <div className="workflow-page">
      <Typography.Title heading={4} className="workflow-title">
        数据处理工作流
      </Typography.Title>
      <Tabs activeTab={tab} onChange={setTab} lazyload>
        <Tabs.TabPane key="projects" title="项目">
          <ProjectsTab />
        </Tabs.TabPane>
        <Tabs.TabPane key="files" title="文件库">
          <FilesTab />
        </Tabs.TabPane>
      </Tabs>
      <RunTracker />
    </div>
  );
}
