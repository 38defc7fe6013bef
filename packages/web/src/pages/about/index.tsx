import { useEffect, useState } from 'react';
import { Card, Empty, Spin } from '@arco-design/web-react';
import { call } from '@/api/http';
import { getAbout } from '@/api/status';
import { AdminContent, AdminContentFrame, frameAddress } from '@/components/admin-content';

/** /about: the About option, which the settings take as Markdown & HTML or one address to frame (as /home). */
export default function AboutPage() {
  const [about, setAbout] = useState<string | null>(null);
  useEffect(() => {
    call(getAbout()).then((content) => setAbout(content ?? ''));
  }, []);

  if (about === null) return <Spin style={{ display: 'block', marginTop: 80 }} />;
  const address = frameAddress(about);
  if (address) return <AdminContentFrame address={address} title="关于" />;
  return <Card title="关于">{about ? <AdminContent content={about} /> : <Empty description="管理员暂未设置关于内容" />}</Card>;
}
