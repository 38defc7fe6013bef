import { useEffect, useState } from 'react';
import { Layout } from '@arco-design/web-react';
import { SafeHtml } from '@/components/safe-html';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { useStatusStore } from '@/stores/status';

const REREAD_TIMES = 5;
const REREAD_INTERVAL_MS = 200;

const readFooter = () => localStorage.getItem(STORAGE_KEYS.footerHtml) ?? '';

/**
 * Admin-editable footer HTML. It is re-read a few times because on a first visit the status
 * (which carries it) arrives just after the shell renders (spec 1 §2.2).
 */
export function SiteFooter() {
  const [html, setHtml] = useState(readFooter);
  const systemName = useStatusStore((state) => state.status?.system_name);

  useEffect(() => {
    let count = 0;
    const timer = window.setInterval(() => {
      setHtml(readFooter());
      count += 1;
      if (count >= REREAD_TIMES) window.clearInterval(timer);
    }, REREAD_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <Layout.Footer className="shell-footer">
      {html ? <SafeHtml html={html} /> : <span>{systemName || 'AI 模型网关'}</span>}
    </Layout.Footer>
  );
}
