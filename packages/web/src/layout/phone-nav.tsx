import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Drawer } from '@arco-design/web-react';
import { IconMenu } from '@arco-design/web-react/icon';
import { Brand } from '@/layout/brand';
import { NavMenu } from '@/layout/nav-menu';
import { ThemeSwitch } from '@/layout/theme-switch';

/**
 * On a phone the sidebar would leave the page no room: the top bar's menu button opens the same
 * labelled menu in a drawer, with the theme switch (spec 1 §2.2: on narrow screens it sits in the menu).
 */
export function PhoneNav() {
  const [open, setOpen] = useState(false);
  // Every navigation gets a new location key, a click on the page already open included.
  const { key } = useLocation();
  useEffect(() => setOpen(false), [key]);

  return (
    <>
      <Button type="text" aria-label="打开菜单" icon={<IconMenu />} onClick={() => setOpen(true)} />
      <Drawer
        className="shell-menu-drawer"
        placement="left"
        width={260}
        visible={open}
        title={<Brand />}
        footer={<ThemeSwitch />}
        onCancel={() => setOpen(false)}
        unmountOnExit
      >
        <nav aria-label="菜单">
          <NavMenu />
        </nav>
      </Drawer>
    </>
  );
}
