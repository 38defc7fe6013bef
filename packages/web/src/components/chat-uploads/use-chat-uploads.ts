import { useCallback, useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import { CHAT_IMAGE_TYPES, CHAT_MAX_IMAGES, CHAT_UPLOAD_MAX_BYTES, MSG_CHAT_NO_IMAGE_SUPPORT, type ChatUploadView } from '@gw/shared';
import { uploadChatImage } from '@/api/chat-models';

/** One image of the message being written, from the moment it is added. */
export interface UploadingFile {
  id: string;
  file: File;
  status: 'uploading' | 'done' | 'error';
  /** 0–100 while uploading. */
  percent: number;
  /** A local preview while uploading (when the browser can make one), the stored address once done. */
  previewUrl: string | null;
  result: ChatUploadView | null;
}

export interface ChatUploads {
  files: UploadingFile[];
  /** Uploads the images among `files` (picked or pasted), each on its own. */
  addFiles: (files: File[]) => void;
  /** Removes a file, cancelling its upload when still under way. */
  remove: (id: string) => void;
  /** Removes every file (after sending). */
  clear: () => void;
  /** The files stored so far, in the order they were added. */
  uploaded: ChatUploadView[];
  /** Some upload is still under way: the message cannot be sent yet. */
  uploading: boolean;
}

const isImage = (file: File) => (CHAT_IMAGE_TYPES as readonly string[]).includes(file.type);
const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size;
const previewOf = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
const releasePreview = (entry: UploadingFile) => {
  if (entry.previewUrl?.startsWith('blob:')) URL.revokeObjectURL(entry.previewUrl);
};

let nextId = 0;

/**
 * The images attached to a chat message (spec 3 §2.9, §5): images only, duplicates (same name and
 * size) skipped, refused while a selected model cannot read images; per-file progress, then
 * success or failure (a toast names the file that failed).
 */
export function useChatUploads({ canUploadImages }: { canUploadImages: boolean }): ChatUploads {
  const [files, setFiles] = useState<UploadingFile[]>([]);
  // The list as of now, for the checks of addFiles (state read in a callback may be stale).
  const filesRef = useRef<UploadingFile[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((change: (current: UploadingFile[]) => UploadingFile[]) => {
    filesRef.current = change(filesRef.current);
    setFiles(filesRef.current);
  }, []);

  const patch = useCallback(
    (id: string, fields: Partial<UploadingFile>) => update((current) => current.map((entry) => (entry.id === id ? { ...entry, ...fields } : entry))),
    [update],
  );

  const start = useCallback(
    (entry: UploadingFile) => {
      const controller = new AbortController();
      controllers.current.set(entry.id, controller);
      uploadChatImage(entry.file, (percent) => patch(entry.id, { percent }), controller.signal)
        .then(
          (result) => {
            const current = filesRef.current.find((item) => item.id === entry.id);
            if (current) releasePreview(current);
            patch(entry.id, { status: 'done', percent: 100, result, previewUrl: result.oss_url });
          },
          (error: unknown) => {
            // Removed by the user: nothing to report.
            if (controller.signal.aborted) return;
            patch(entry.id, { status: 'error' });
            Message.error(`${entry.file.name} 上传失败：${error instanceof Error ? error.message : String(error)}`);
          },
        )
        .finally(() => controllers.current.delete(entry.id));
    },
    [patch],
  );

  const addFiles = useCallback(
    (picked: File[]) => {
      if (picked.length === 0) return;
      if (!canUploadImages) {
        Message.warning(MSG_CHAT_NO_IMAGE_SUPPORT);
        return;
      }
      const added: UploadingFile[] = [];
      for (const file of picked) {
        if (!isImage(file)) {
          Message.warning(`${file.name} 不是支持的图片格式（JPG、PNG、GIF、WEBP）`);
          continue;
        }
        if (file.size > CHAT_UPLOAD_MAX_BYTES) {
          Message.warning(`${file.name} 超过 ${CHAT_UPLOAD_MAX_BYTES / 1024 / 1024}MB`);
          continue;
        }
        if ([...filesRef.current, ...added].some((entry) => sameFile(entry.file, file))) continue;
        if (filesRef.current.length + added.length >= CHAT_MAX_IMAGES) {
          Message.warning(`每条消息最多 ${CHAT_MAX_IMAGES} 张图片`);
          break;
        }
        added.push({ id: `upload-${++nextId}`, file, status: 'uploading', percent: 0, previewUrl: previewOf(file), result: null });
      }
      if (added.length === 0) return;
      update((current) => [...current, ...added]);
      added.forEach(start);
    },
    [canUploadImages, start, update],
  );

  const remove = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      const entry = filesRef.current.find((item) => item.id === id);
      if (entry) releasePreview(entry);
      update((current) => current.filter((item) => item.id !== id));
    },
    [update],
  );

  const clear = useCallback(() => {
    controllers.current.forEach((controller) => controller.abort());
    filesRef.current.forEach(releasePreview);
    update(() => []);
  }, [update]);

  // Leaving the page cancels what is still uploading.
  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const uploaded = files.flatMap((entry) => (entry.result ? [entry.result] : []));
  return { files, addFiles, remove, clear, uploaded, uploading: files.some((entry) => entry.status === 'uploading') };
}
