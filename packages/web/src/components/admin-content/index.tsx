import { useMemo } from 'react';
import { SafeHtml } from '@/components/safe-html';
import { adminContentHtml } from './admin-content';
import './admin-content.css';

export { frameAddress } from './admin-content';

/** Admin-written Markdown/HTML (HomePageContent, About), sanitized. */
export function AdminContent({ content }: { content: string }) {
  const html = useMemo(() => adminContentHtml(content), [content]);
  return <SafeHtml className="admin-content" html={html} />;
}

/** Admin content that is one web address: that page in a frame filling the content area. */
export function AdminContentFrame({ address, title }: { address: string; title: string }) {
  return <iframe className="admin-content-frame" src={address} title={title} />;
}
