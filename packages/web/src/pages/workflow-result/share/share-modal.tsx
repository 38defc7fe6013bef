import { useEffect, useState } from 'react';
import { Alert, Button, Input, Message, Modal, Popconfirm, Spin, Typography } from '@arco-design/web-react';
import { IconCopy } from '@arco-design/web-react/icon';
import { MSG_SHARE_REVOKED, type RunShareCreated, type RunShareState } from '@gw/shared';
import { call } from '@/api/http';
import { copyText } from '@/lib/clipboard';
import { formatTime } from '@/pages/workflow/workflow-view';
import { createRunShare, revokeRunShare, runShareState, shareLink } from './share-api';
import './share.css';

export const MSG_SHARE_LINK_COPIED = '分享链接已复制到剪贴板';
export const MSG_SHARE_ONCE = '链接只显示这一次，关闭后无法再次查看；丢失了可以重新生成（旧链接随即失效）。';
const NOT_SHARED: RunShareState = { shared: false, created_at: 0 };

interface ShareModalProps {
  runId: number;
  visible: boolean;
  onClose: () => void;
}

/**
 * 分享 (issue 30): a read-only link to the run's results that anyone holding it may open without
 * signing in. The full link is shown once, right after it is made; later the owner sees only that a
 * link exists, and may make a new one (the old stops working) or revoke it.
 */
export function ShareModal({ runId, visible, onClose }: ShareModalProps) {
  const [state, setState] = useState<RunShareState | null>(null);
  const [created, setCreated] = useState<RunShareCreated | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!visible) return;
    let active = true;
    setState(null);
    setCreated(null);
    void call(runShareState(runId)).then((result) => {
      if (active) setState(result ?? NOT_SHARED);
    });
    return () => {
      active = false;
    };
  }, [runId, visible]);

  const handleCreate = async () => {
    setBusy(true);
    const result = await call(createRunShare(runId));
    setBusy(false);
    if (!result) return;
    setCreated(result);
    setState({ shared: true, created_at: result.created_at });
  };

  const handleRevoke = async () => {
    setBusy(true);
    const result = await call(revokeRunShare(runId));
    setBusy(false);
    if (!result) return;
    Message.success(MSG_SHARE_REVOKED);
    setCreated(null);
    setState(result);
  };

  const handleCopy = async (link: string) => {
    if (await copyText(link)) Message.success(MSG_SHARE_LINK_COPIED);
  };

  const link = created ? shareLink(created.url) : '';

  return (
    <Modal title="分享运行结果" visible={visible} onCancel={onClose} footer={null} unmountOnExit className="share-modal">
      <Spin loading={state === null} block>
        <div className="share-body">
          <Typography.Text type="secondary">持有链接的任何人无需登录即可查看这次运行的汇总和全部回答（只读），你可以随时取消分享。</Typography.Text>
          {created && (
            <>
              <Alert type="warning" content={MSG_SHARE_ONCE} />
              <div className="share-link">
                <Input readOnly value={link} aria-label="分享链接" onFocus={(event) => event.target.select()} />
                <Button type="primary" icon={<IconCopy />} onClick={() => void handleCopy(link)}>
                  复制链接
                </Button>
              </div>
            </>
          )}
          {state?.shared ? (
            <>
              <Typography.Text>已分享（创建于 {formatTime(state.created_at)}）</Typography.Text>
              <div className="share-actions">
                <Popconfirm title="重新生成后，旧链接立即失效。确定重新生成吗？" onOk={handleCreate}>
                  <Button loading={busy}>重新生成</Button>
                </Popconfirm>
                <Popconfirm title="取消后，链接立即失效。确定取消分享吗？" onOk={handleRevoke}>
                  <Button status="danger" loading={busy}>
                    取消分享
                  </Button>
                </Popconfirm>
              </div>
            </>
          ) : (
            state && (
              <div className="share-actions">
                <Button type="primary" loading={busy} onClick={() => void handleCreate()}>
                  生成分享链接
                </Button>
              </div>
            )
          )}
        </div>
      </Spin>
    </Modal>
  );
}
