import { Button, Message, Space, Typography } from '@arco-design/web-react';
import { copyText } from '@/lib/clipboard';
import { saveBlob } from '@/lib/download';
import './two-factor.css';

/** The text of the downloaded file: one code a line, with what they are for. */
export const backupCodesText = (codes: string[], systemName: string): string =>
  [`${systemName} 两步验证备用码`, '每个备用码只能使用一次，请妥善保存。', '', ...codes, ''].join('\n');

interface BackupCodesProps {
  codes: string[];
  systemName: string;
}

/** Backup codes as shown once (setup, regeneration), with 复制 and 下载 (.txt). */
export function BackupCodes({ codes, systemName }: BackupCodesProps) {
  const handleCopy = async () => {
    if (await copyText(codes.join('\n'))) Message.success('备用码已复制到剪贴板');
  };

  const handleDownload = () => {
    saveBlob(new Blob([backupCodesText(codes, systemName)], { type: 'text/plain;charset=utf-8' }), 'backup-codes.txt');
  };

  return (
    <div className="two-factor-backup-codes">
      <Typography.Paragraph type="warning">备用码只显示这一次。手机丢失时可用它登录或停用两步验证，每个只能使用一次。</Typography.Paragraph>
      <ul className="two-factor-code-list" aria-label="备用码">
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code>{code}</Typography.Text>
          </li>
        ))}
      </ul>
      <Space>
        <Button onClick={handleCopy}>复制</Button>
        <Button onClick={handleDownload}>下载</Button>
      </Space>
    </div>
  );
}
