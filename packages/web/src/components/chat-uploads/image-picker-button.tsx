import { useRef } from 'react';
import { Button, Message, Tooltip } from '@arco-design/web-react';
import { IconImage } from '@arco-design/web-react/icon';
import { CHAT_IMAGE_TYPES, MSG_CHAT_NO_IMAGE_SUPPORT } from '@gw/shared';

interface ImagePickerButtonProps {
  /** False when a chosen model cannot read images: the button says so instead of opening the picker. */
  canUploadImages: boolean;
  onFiles: (files: File[]) => void;
  size?: 'mini' | 'small' | 'default' | 'large';
}

/** The chat's "upload images" button with its hidden file input. */
export function ImagePickerButton({ canUploadImages, onFiles, size }: ImagePickerButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={CHAT_IMAGE_TYPES.join(',')}
        aria-label="选择图片"
        onChange={(event) => {
          onFiles(Array.from(event.target.files ?? []));
          // The same file may be picked again after it is removed.
          event.target.value = '';
        }}
      />
      <Tooltip content="上传图片">
        <Button
          size={size}
          icon={<IconImage />}
          aria-label="上传图片"
          onClick={() => (canUploadImages ? input.current?.click() : Message.warning(MSG_CHAT_NO_IMAGE_SUPPORT))}
        />
      </Tooltip>
    </>
  );
}
