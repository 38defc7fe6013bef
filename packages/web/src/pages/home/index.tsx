import { useEffect, useState } from 'react';
import { Card } from '@arco-design/web-react';
import { call } from '@/api/http';
import { getHomePageContent } from '@/api/status';
import { AdminContent, AdminContentFrame, frameAddress } from '@/components/admin-content';
import { PageLoading } from '@/components/page-loading';
import { EntryLanding } from '@/pages/entry/entry-landing';
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

  if (content === null) return <PageLoading />;
  const address = frameAddress(content);
  if (address) return <AdminContentFrame address={address} title="首页" />;
  if (content.trim() === '') {
    return (
      <div className="home-entry">
        <EntryLanding />
      </div>
    );
  }
  return (
    <Card>
      <AdminContent content={content} />
    </Card>
  );
}
