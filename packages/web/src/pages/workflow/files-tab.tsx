import { useRef, useState, type ChangeEvent } from 'react';
import { Button, Empty, Message, Pagination, Progress, Select, Tag, Typography } from '@arco-design/web-react';
import { IconClose, IconDelete, IconUpload } from '@arco-design/web-react/icon';
import { MSG_USER_FILE_DELETE_FAILED, MSG_USER_FILE_DELETED, PROJECT_SEARCH_MAX_LENGTH, USER_FILE_PAGE_SIZE, fileSizeMb, type UserFileView } from '@gw/shared';
import { deleteUserFile } from '@/api/user-files';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { SearchInput } from './search-input';
import { useFileList, useProjectOptions } from './use-file-list';
import { useFileUploads, type UploadEntry } from './use-file-uploads';
import { USER_FILE_ACCEPT, formatTime, runCall } from './workflow-view';

const STATE_TEXT: Record<UploadEntry['state'], string> = { uploading: '上传中', registering: '解析中', done: '已完成', failed: '失败' };

function UploadRow({ entry, onDismiss }: { entry: UploadEntry; onDismiss: (key: number) => void }) {
  const finished = entry.state === 'done' || entry.state === 'failed';
  return (
    <li className="workflow-upload-row" aria-label={`上传 ${entry.name}`}>
      <span className="workflow-upload-name" title={entry.name}>
        {entry.name}
      </span>
      <Progress
        className="workflow-upload-progress"
        size="small"
        percent={entry.percent}
        status={entry.state === 'failed' ? 'error' : entry.state === 'done' ? 'success' : 'normal'}
        formatText={() => `${entry.percent}%`}
      />
      <span className="workflow-upload-state">{STATE_TEXT[entry.state]}</span>
      {finished && <Button size="mini" type="text" icon={<IconClose />} aria-label={`移除 ${entry.name}`} onClick={() => onDismiss(entry.key)} />}
    </li>
  );
}

/** 文件库 (spec 3 §2.8): upload txt/csv/jsonl/xlsx files, list them 10 a page with search and a project filter, delete. */
export function FilesTab() {
  const files = useFileList();
  const projects = useProjectOptions();
  const uploads = useFileUploads(files.showFirstPage, files.appId);
  const picker = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState<UserFileView | null>(null);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // The same file can be picked again after a failure.
    event.target.value = '';
    void uploads.upload(picked);
  };

  const handleDelete = async () => {
    if (!deleting) return false;
    const result = await runCall(deleteUserFile(deleting.id), MSG_USER_FILE_DELETE_FAILED);
    if (!result) return false;
    Message.success(MSG_USER_FILE_DELETED);
    files.afterDelete();
    return true;
  };

  const columns: ResponsiveColumn<UserFileView>[] = [
    {
      title: '文件名',
      dataIndex: 'filename',
      width: 200,
      card: 'title',
      render: (_, file) => (
        <Typography.Text className="workflow-file-name" ellipsis={{ showTooltip: true }}>
          {file.filename || file.name || file.file_name}
        </Typography.Text>
      ),
    },
    { title: '类型', dataIndex: 'file_type', width: 70, card: 'key', render: (type: string) => <Tag size="small">{type}</Tag> },
    { title: '大小', dataIndex: 'file_size', width: 90, card: 'key', render: (size: number) => fileSizeMb(size) },
    {
      title: '字段',
      dataIndex: 'fields',
      card: 'key',
      render: (fields: string[]) => (
        <span className="workflow-file-fields">
          {fields.map((field) => (
            <Tag key={field} size="small" color="arcoblue">
              {field}
            </Tag>
          ))}
        </span>
      ),
    },
    { title: '行数', dataIndex: 'row_count', width: 90, card: 'key', render: (count: number) => count.toLocaleString('zh-CN') },
    { title: '上传时间', dataIndex: 'created_at', width: 170, render: (seconds: number) => formatTime(seconds) },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      card: 'actions',
      render: (_, file) => (
        <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={`删除文件 ${file.filename}`} onClick={() => setDeleting(file)}>
          删除
        </Button>
      ),
    },
  ];

  return (
    <section className="workflow-tab">
      <div className="workflow-toolbar">
        <div className="workflow-filters">
          <SearchInput label="搜索文件" placeholder="搜索文件名" maxLength={PROJECT_SEARCH_MAX_LENGTH} onSearch={files.handleSearch} />
          <Select
            // workflow.css is not this change's: the width is set here, as wide as the search box allows on a phone.
            style={{ width: 'min(220px, 100%)' }}
            aria-label="所属项目"
            placeholder="全部项目"
            allowClear
            showSearch
            filterOption={(input, option) => String(option.props.children).toLowerCase().includes(input.trim().toLowerCase())}
            value={files.appId}
            onChange={(value?: number) => files.handleApp(value)}
          >
            {projects.map((project) => (
              <Select.Option key={project.id} value={project.id}>
                {project.title}
              </Select.Option>
            ))}
          </Select>
        </div>
        <Button type="primary" icon={<IconUpload />} loading={uploads.busy} onClick={() => picker.current?.click()}>
          上传文件
        </Button>
        <input ref={picker} type="file" multiple hidden accept={USER_FILE_ACCEPT} aria-label="选择上传文件" onChange={handlePick} />
      </div>
      <Typography.Text type="secondary" className="workflow-hint">
        支持 txt、csv、jsonl、xlsx 文件，可一次选择多个；同名且大小相同的文件不会重复保存。
      </Typography.Text>

      {uploads.entries.length > 0 && (
        <ul className="workflow-uploads" aria-label="上传进度">
          {uploads.entries.map((entry) => (
            <UploadRow key={entry.key} entry={entry} onDismiss={uploads.dismiss} />
          ))}
        </ul>
      )}

      <div className="workflow-table">
        <ResponsiveTable<UserFileView>
          rowKey="id"
          size="small"
          loading={files.loading}
          columns={columns}
          data={files.list}
          pagination={false}
          scroll={{ x: 860 }}
          noDataElement={<Empty description={files.search || files.appId !== undefined ? '没有找到匹配的文件' : '还没有文件，点击“上传文件”添加'} />}
        />
      </div>

      {files.total > USER_FILE_PAGE_SIZE && (
        <Pagination className="workflow-pager" current={files.page} pageSize={USER_FILE_PAGE_SIZE} total={files.total} onChange={files.setPage} showTotal size="small" />
      )}

      <ConfirmDeleteModal title="删除文件" visible={deleting !== null} onConfirm={handleDelete} onClose={() => setDeleting(null)}>
        确定删除文件「{deleting?.filename}」吗？删除后无法恢复。
      </ConfirmDeleteModal>
    </section>
  );
}
