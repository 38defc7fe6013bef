import { useEffect, useMemo, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { call } from '@/api/http';
import { getHomePageContent } from '@/api/status';
import { PageLoading } from '@/components/page-loading';
import { SafeHtml } from '@/components/safe-html';
import { EntryLanding } from '@/pages/entry/entry-landing';
import { frameAddress, homeContentHtml } from './home-content';
import './home.css';

/**
 * /home: the HomePageContent option. One web address is shown in a full-height frame, other
 * content as Markdown/HTML (sanitized); with none set (or when it cannot be read), the landing page.
 */
export default function HomePage() {
  const [content, setContent] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    void call(getHomePageContent()).then((text) => {
      if (active) setContent(text ?? '');
    });
    return () => {
      active = false;
    };
  }, []);

  const html = useMemo(() => (content ? homeContentHtml(content) : ''), [content]);

  if (content === null) return <PageLoading />;
  const address = frameAddress(content);
  if (address) return <iframe className="home-frame" src={address} title="首页" />;
  if (content.trim() === '') {
    return (
      <div className="home-entry">
        <EntryLanding />
      </div>
    );
  }
  return (
    <Card>
      <SafeHtml className="home-content" html={html} />
    </Card>
  );
}
