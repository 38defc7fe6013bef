import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ConfigProvider } from '@arco-design/web-react';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import { AppRoutes } from '@/routes/app-routes';

/** A data router, which navigation blockers need (the workflow editor asks before unsaved changes are left); the route table stays in AppRoutes. */
const router = createBrowserRouter([{ path: '*', element: <AppRoutes /> }]);

export default function App() {
  return (
    <ConfigProvider locale={zhCN}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
