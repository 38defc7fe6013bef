import { Button, Result } from '@arco-design/web-react';
import { useNavigate } from 'react-router-dom';

export default function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="请检查您访问的地址是否正确"
      extra={
        <Button type="primary" onClick={() => navigate('/entry')}>
          返回首页
        </Button>
      }
    />
  );
}
