import { Link } from 'react-router-dom';
import { Button, Popconfirm, Tag, Typography } from '@arco-design/web-react';
import { IconLeft, IconPlayArrow, IconSave } from '@arco-design/web-react/icon';
import { NodePalette } from './canvas/node-palette';
import { useEditorStore } from './store/editor-context';

interface ToolbarProps {
  /** A phone: no palette, no save and no draft delete, only the run. */
  readOnly: boolean;
  saving: boolean;
  onSave: () => void;
  onDeleteDraft: () => void;
  onRun: () => void;
}

/** The editor's top bar: back, the project, the unsaved marker, the node palette and the actions. */
export function EditorToolbar({ readOnly, saving, onSave, onDeleteDraft, onRun }: ToolbarProps) {
  const name = useEditorStore((state) => state.project?.name ?? '');
  const dirty = useEditorStore((state) => state.dirty);
  const hasDraft = useEditorStore((state) => state.draft.id !== null);
  return (
    <div className="wf-toolbar">
      <div className="wf-toolbar-title">
        <Link to="/workflow" aria-label="返回项目列表">
          <IconLeft />
        </Link>
        <Typography.Title heading={5} ellipsis className="wf-project-name">
          {name}
        </Typography.Title>
        {dirty ? <Tag color="orangered">未保存</Tag> : <Tag color="green">已保存</Tag>}
      </div>
      {!readOnly && <NodePalette />}
      <div className="wf-toolbar-actions">
        {!readOnly && (
          <>
            <Popconfirm title="删除已保存的草稿？画布将回到项目创建时的内容。" onOk={onDeleteDraft} disabled={!hasDraft}>
              <Button size="small" status="danger" disabled={!hasDraft}>
                删除草稿
              </Button>
            </Popconfirm>
            <Button size="small" icon={<IconSave />} loading={saving} onClick={onSave}>
              保存
            </Button>
          </>
        )}
        <Button size="small" type="primary" icon={<IconPlayArrow />} onClick={onRun}>
          运行
        </Button>
      </div>
    </div>
  );
}
