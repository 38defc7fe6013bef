import { Card, Tabs } from '@arco-design/web-react';
import { roleAllows } from '@gw/shared';
import { useUserStore } from '@/stores/user';
import { NotesManager } from '@/pages/update/notes-manager';
import { NotesTimeline } from '@/pages/update/notes-timeline';
import { useUpdateNotes } from '@/pages/update/use-update-notes';

/** Release notes (spec 1 §2.8). */
export default function UpdatePage() {
  const user = useUserStore((state) => state.user);
  const { notes, loading, reload } = useUpdateNotes();
  const isRootUser = user !== null && roleAllows('root-user', user.role, user.id);

  return (
    <Card>
      <Tabs defaultActiveTab="content">
        <Tabs.TabPane key="content" title="内容更新">
          <NotesTimeline notes={notes} loading={loading} />
        </Tabs.TabPane>
        {isRootUser && (
          <Tabs.TabPane key="settings" title="内容设置">
            <NotesManager notes={notes} loading={loading} onChanged={reload} />
          </Tabs.TabPane>
        )}
      </Tabs>
    </Card>
  );
}
