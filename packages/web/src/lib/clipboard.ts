import { Modal } from '@arco-design/web-react';

/** Copies text; when the browser refuses, shows the text in the dialog of spec 1 §8 instead. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    Modal.error({ title: '无法复制到剪贴板，请手动复制', content: text });
    return false;
  }
}
