import { useEffect, useState } from 'react';
import { Modal } from '@arco-design/web-react';
import { getNotice } from '@/api/status';
import { SafeHtml } from '@/components/safe-html';
import { STORAGE_KEYS } from '@/lib/storage-keys';

/** The site-wide notice, shown once per content change. */
export function SiteNotice() {
  const [notice, setNotice] = useState('');

  useEffect(() => {
    getNotice()
      .then((reply) => {
        if (reply.success && reply.data && reply.data !== localStorage.getItem(STORAGE_KEYS.noticeSeen)) setNotice(reply.data);
      })
      .catch(() => {
        // A background notice that cannot load is not worth an error message.
      });
  }, []);

  const handleClose = () => {
    localStorage.setItem(STORAGE_KEYS.noticeSeen, notice);
    setNotice('');
  };

  return (
    <Modal title="系统公告" visible={notice !== ''} onOk={handleClose} onCancel={handleClose} hideCancel okText="我知道了">
      <SafeHtml html={notice} style={{ whiteSpace: 'pre-wrap' }} />
    </Modal>
  );
}
