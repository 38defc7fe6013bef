import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Input, Message, Modal, Popconfirm, Space, Tag, Typography } from '@arco-design/web-react';
import { PASSKEY_NAME_MAX, PASSKEYS_PER_USER, type PasskeyView } from '@gw/shared';
import { browserSupportsWebAuthn, startRegistration } from '@simplewebauthn/browser';
import { call, callOk, callReply } from '@/api/http';
import { beginPasskeyRegistration, deletePasskey, describePasskeyError, finishPasskeyRegistration, listPasskeys, renamePasskey } from '@/api/passkeys';
import { ResponsiveTable } from '@/components/responsive-table/responsive-table';
import type { ResponsiveColumn } from '@/components/responsive-table/responsive-columns';
import { formatTimestamp } from '@/lib/time';
import { defaultPasskeyName } from './passkeys-card-name';

/** The name dialog: adding (then the browser's passkey prompt) or renaming one. */
type NameDialog = { mode: 'add' } | { mode: 'rename'; passkey: PasskeyView } | null;

/** 通行密钥 (个人设置): sign in with the device's fingerprint, face or PIN instead of the password. */
export function PasskeysCard() {
  const [passkeys, setPasskeys] = useState<PasskeyView[]>([]);
  const [loading, setLoading] = useState(true);
  const [dialog, setDialog] = useState<NameDialog>(null);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const supported = browserSupportsWebAuthn();

  const load = useCallback(async () => {
    setLoading(true);
    const list = await call(listPasskeys());
    setLoading(false);
    if (list) setPasskeys(list);
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const openAdd = () => {
    setName(defaultPasskeyName());
    setDialog({ mode: 'add' });
  };
  const openRename = (passkey: PasskeyView) => {
    setName(passkey.name);
    setDialog({ mode: 'rename', passkey });
  };

  const handleAdd = async (trimmed: string) => {
    const options = await call(beginPasskeyRegistration());
    if (!options) return false;
    let response;
    try {
      response = await startRegistration({ optionsJSON: options });
    } catch (error) {
      Message.error(describePasskeyError(error));
      return false;
    }
    const reply = await callReply(finishPasskeyRegistration(trimmed, response));
    if (!reply) return false;
    Message.success(reply.message);
    return true;
  };

  const handleRename = async (passkey: PasskeyView, trimmed: string) => {
    const reply = await callReply(renamePasskey(passkey.id, trimmed));
    if (reply) Message.success(reply.message);
    return Boolean(reply);
  };

  const handleSave = async () => {
    const trimmed = name.trim();
    if (!trimmed) {
      Message.error('请输入通行密钥名称');
      return;
    }
    if (!dialog) return;
    setSaving(true);
    const done = dialog.mode === 'add' ? await handleAdd(trimmed) : await handleRename(dialog.passkey, trimmed);
    setSaving(false);
    if (!done) return;
    setDialog(null);
    await load();
  };

  const handleDelete = async (passkey: PasskeyView) => {
    if (await callOk(deletePasskey(passkey.id))) {
      Message.success('通行密钥已删除');
      setPasskeys((list) => list.filter((row) => row.id !== passkey.id));
    }
  };

  const columns: ResponsiveColumn<PasskeyView>[] = [
    {
      title: '名称',
      dataIndex: 'name',
      card: 'title',
      render: (value: string, passkey: PasskeyView) => (
        <Space size={6} wrap>
          <Typography.Text bold className="user-agent-text">
            {value}
          </Typography.Text>
          {passkey.backed_up && (
            <Tag size="small" color="arcoblue">
              已同步
            </Tag>
          )}
        </Space>
      ),
    },
    { title: '创建时间', dataIndex: 'created_at', width: 180, card: 'key', render: (time: number) => formatTimestamp(time) },
    { title: '最近使用', dataIndex: 'last_used_at', width: 180, card: 'key', render: (time: number | null) => (time ? formatTimestamp(time) : '从未使用') },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      card: 'actions',
      render: (_: unknown, passkey: PasskeyView) => (
        <Space size={4}>
          <Button type="text" size="small" aria-label={`重命名 ${passkey.name}`} onClick={() => openRename(passkey)}>
            重命名
          </Button>
          <Popconfirm title="确定删除这个通行密钥吗？" content="删除后将无法再用它登录" onOk={() => handleDelete(passkey)}>
            <Button type="text" size="small" status="danger" aria-label={`删除 ${passkey.name}`}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const full = passkeys.length >= PASSKEYS_PER_USER;
  return (
    <Card
      title="通行密钥"
      id="passkeys"
      style={{ marginBottom: 16 }}
      extra={
        <Button size="small" type="primary" disabled={!supported || full} onClick={openAdd}>
          添加通行密钥
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {supported
          ? `通行密钥让你用设备的指纹、面容或 PIN 登录，无需输入密码，也无法被钓鱼网站骗取。每个账户最多 ${PASSKEYS_PER_USER} 个。`
          : '当前浏览器不支持通行密钥，请使用新版 Chrome、Edge、Safari 或 Firefox。'}
      </Typography.Paragraph>
      <ResponsiveTable<PasskeyView> rowKey="id" columns={columns} data={passkeys} loading={loading} pagination={false} noDataElement="暂无通行密钥" />
      <Modal
        title={dialog?.mode === 'rename' ? '重命名通行密钥' : '添加通行密钥'}
        visible={dialog !== null}
        confirmLoading={saving}
        okText={dialog?.mode === 'rename' ? '保存' : '继续'}
        onOk={handleSave}
        onCancel={() => setDialog(null)}
        unmountOnExit
      >
        <Typography.Paragraph>{dialog?.mode === 'rename' ? '为这个通行密钥取一个便于识别的名称。' : '为新的通行密钥取一个名称，然后按浏览器的提示完成验证。'}</Typography.Paragraph>
        <Input aria-label="通行密钥名称" autoFocus value={name} onChange={setName} maxLength={PASSKEY_NAME_MAX} placeholder="例如：我的笔记本电脑" />
      </Modal>
    </Card>
  );
}
