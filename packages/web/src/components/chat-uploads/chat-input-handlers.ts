import type { ClipboardEvent, KeyboardEvent } from 'react';

/**
 * Enter sends, Shift+Enter starts a new line (spec 3 §9); an Enter that confirms an IME composition
 * (pinyin and the like) does not send.
 */
export function sendOnEnter(send: () => void) {
  return (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };
}

/** Pasted images are attached to the message, not pasted as text. */
export function attachPastedImages(addFiles: (files: File[]) => void) {
  return (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = Array.from(event.clipboardData.files).filter((file) => file.type.startsWith('image/'));
    if (images.length === 0) return;
    event.preventDefault();
    addFiles(images);
  };
}
