export { useChatUploads, type ChatUploads, type UploadingFile } from './use-chat-uploads';
export { ChatUploadList } from './chat-upload-list';
export { ImagePickerButton } from './image-picker-button';
export { attachPastedImages, sendOnEnter } from './chat-input-handlers';
