import { useEffect, useState, type DragEvent } from 'react';
import { IconImage } from '@arco-design/web-react/icon';

interface ImagePickerProps {
  file: File | null;
  onPick: (file: File) => void;
}

/** The cover modal's upload area: one image, chosen by click or dropped, shown once picked. */
export function ImagePicker({ file, onPick }: ImagePickerProps) {
  const [dragging, setDragging] = useState(false);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onPick(dropped);
  };

  return (
    <label
      className={`data-market-picker${dragging ? ' data-market-picker-dragging' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={handleDrop}
    >
      <input
        type="file"
        accept="image/*"
        aria-label="选择封面图片"
        className="data-market-picker-input"
        onChange={(event) => {
          const picked = event.target.files?.[0];
          if (picked) onPick(picked);
          // The same file may be picked again after a refusal.
          event.target.value = '';
        }}
      />
      {file && previewUrl ? <img className="data-market-picker-preview" src={previewUrl} alt={file.name} /> : <IconImage className="data-market-picker-icon" />}
      <span>{file ? file.name : '点击或拖拽图片到此处'}</span>
      <span className="data-market-picker-hint">JPG、PNG、GIF、WEBP，不超过 5MB</span>
    </label>
  );
}
