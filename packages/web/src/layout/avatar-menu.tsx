import { Avatar, Dropdown, Menu } from '@arco-design/web-react';
import { IconExport, IconImport } from '@arco-design/web-react/icon';
import { useNavigate } from 'react-router-dom';
import { useSignOut } from '@/session/use-sign-out';
import { useUserStore } from '@/stores/user';

/** Signed in: the first letter of the username and logout; guest: '游客' and login. */
export function AvatarMenu() {
  const user = useUserStore((state) => state.user);
  const navigate = useNavigate();
  const signOut = useSignOut();

  const handleClickItem = (key: string) => {
    if (key === 'logout') void signOut();
    if (key === 'login') navigate('/login');
  };

  const menu = (
    <Menu onClickMenuItem={handleClickItem}>
      {user ? (
        <Menu.Item key="logout">
          <IconExport /> 退出登录
        </Menu.Item>
      ) : (
        <Menu.Item key="login">
          <IconImport /> 登录
        </Menu.Item>
      )}
    </Menu>
  );

  return (
    <Dropdown droplist={menu} position="br" trigger="click">
      <Avatar size={32} style={{ cursor: 'pointer', backgroundColor: user ? 'rgb(var(--arcoblue-6))' : undefined }}>
        {user ? user.username.charAt(0) : '游客'}
      </Avatar>
    </Dropdown>
  );
}
