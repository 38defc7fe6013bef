import { Button, Result } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';

/** Shown to signed-in users who open an admin page. */
export default function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle="您没有访问该页面的权限，如有需要请联系管理员"
      extra={
        <Button type="primary" onClick={() => navigate('/data-market')}>
          返回数据市场
        </Button>
      }
    />
  );
}
