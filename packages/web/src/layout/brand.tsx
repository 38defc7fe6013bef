import { useNavigate } from 'react-router-dom';
import { useStatusStore } from '@/stores/status';

/** The site's logo and name (from the status), leading to the entry site. */
export function Brand({ showName = true }: { showName?: boolean }) {
  const status = useStatusStore((state) => state.status);
  const navigate = useNavigate();
  return (
    <div className="shell-brand" onClick={() => navigate('/entry')}>
      {status?.logo && <img src={status.logo} alt="" className="shell-brand-logo" />}
      {showName && <span className="shell-brand-name">{status?.system_name || 'AI 模型网关'}</span>}
    </div>
  );
}
