import { Button, Tooltip } from '@arco-design/web-react';
import { IconMoonFill, IconSunFill } from '@arco-design/web-react/icon';
import { useThemeStore } from '@/stores/theme';

export function ThemeSwitch() {
  const mode = useThemeStore((state) => state.mode);
  const toggleMode = useThemeStore((state) => state.toggleMode);
  const label = mode === 'dark' ? '切换到亮色模式' : '切换到暗色模式';
  return (
    <Tooltip content={label}>
      <Button
        shape="circle"
        type="secondary"
        aria-label={label}
        icon={mode === 'dark' ? <IconSunFill /> : <IconMoonFill />}
        onClick={toggleMode}
      />
    </Tooltip>
  );
}
