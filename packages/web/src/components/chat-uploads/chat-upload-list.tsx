import { useState } from 'react';
import { Button, Progress } from '@arco-design/web-react';
import { IconClose, IconExclamationCircle, IconImage } from '@arco-design/web-react/icon';
import { FilePreviewModal, type PreviewedFile } from './file-preview-modal';
import type { UploadingFile } from './use-chat-uploads';
import './chat-uploads.css';

interface ChatUploadListProps {
  files: UploadingFile[];
  onRemove: (id: string) => void;
}

/** Thumbnails of a message's images with each one's progress, then its result; a click previews one. */
export function ChatUploadList({ files, onRemove }: ChatUploadListProps) {
  const [preview, setPreview] = useState<PreviewedFile | null>(null);
  if (files.length === 0) return null;
  const open = (entry: UploadingFile) =>
    setPreview({ name: entry.file.name, size: entry.file.size, type: entry.file.type, url: entry.result?.oss_url ?? entry.previewUrl });
  return (
    <>
      <ul className="chat-uploads" aria-label="已添加的图片">
        {files.map((entry) => (
          <li key={entry.id} className={`chat-upload chat-upload-${entry.status}`} title={entry.file.name}>
            <button type="button" className="chat-upload-open" aria-label={`预览 ${entry.file.name}`} onClick={() => open(entry)}>
              {entry.previewUrl ? <img className="chat-upload-image" src={entry.previewUrl} alt={entry.file.name} /> : <IconImage className="chat-upload-placeholder" />}
            </button>
            {entry.status === 'uploading' && (
              <div className="chat-upload-overlay">
                <span>{entry.percent}%</span>
                <Progress className="chat-upload-progress" size="small" showText={false} percent={entry.percent} aria-label={`${entry.file.name} 上传进度`} />
              </div>
            )}
            {entry.status === 'error' && (
              <div className="chat-upload-overlay chat-upload-failed">
                <IconExclamationCircle />
                <span>上传失败</span>
              </div>
            )}
            <Button className="chat-upload-remove" size="mini" shape="circle" icon={<IconClose />} aria-label={`移除 ${entry.file.name}`} onClick={() => onRemove(entry.id)} />
          </li>
        ))}
      </ul>
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </>
  );
}
