import { Button, Descriptions, Modal } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';

/** What the preview shows of an attached file. */
export interface PreviewedFile {
  name: string;
  size: number;
  type: string;
  url: string | null;
}

/** Bytes as KB with one decimal (spec 3: sizes in KB in the chat preview). */
export const sizeInKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const isImage = (file: PreviewedFile) => file.type.startsWith('image/');

/**
 * The compare page's file preview (spec 3 §2.10): the file's name, size in KB and type, the image
 * itself when it is one (at most 300 × 200), and a download button for anything else.
 */
export function FilePreviewModal({ file, onClose }: { file: PreviewedFile | null; onClose: () => void }) {
  return (
    <Modal title="文件预览" visible={file !== null} onCancel={onClose} footer={null} unmountOnExit>
      {file && (
        <div className="chat-file-preview">
          {isImage(file) && file.url && <img className="chat-file-preview-image" src={file.url} alt={file.name} />}
          <Descriptions
            column={1}
            data={[
              { label: '文件名', value: <span className="chat-file-preview-name">{file.name}</span> },
              { label: '大小', value: sizeInKb(file.size) },
              { label: '类型', value: file.type || '未知' },
            ]}
          />
          {!isImage(file) && file.url && (
            <Button type="primary" icon={<IconDownload />} href={file.url} target="_blank" rel="noopener noreferrer" download={file.name}>
              下载
            </Button>
          )}
        </div>
      )}
    </Modal>
  );
}
