import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Modal } from '@arco-design/web-react';
import { ok } from '@/pages/channel/test-fake-api';
import { user } from '@/pages/channel/test-page';
import { useUserStore } from '@/stores/user';
import { MODELS, PROJECT, SAVE, WORKFLOW, makeView, project, renderEditor, editorLoaded } from './test-editor';
import { MSG_LEAVE_UNSAVED } from './use-leave-guard';

afterEach(() => {
  Modal.destroyAll();
  vi.unstubAllGlobals();
  useUserStore.setState({ user: null });
});

const routes = { [WORKFLOW]: ok(makeView()), [PROJECT]: ok(project()), [MODELS]: ok([{ id: 'gpt-4o', name: 'gpt-4o' }]), [SAVE]: ok(makeView()) };
const where = () => screen.getByTestId('where').textContent;
const addPrompt = () => user().click(within(screen.getByRole('toolbar', { name: '添加节点' })).getByRole('button', { name: /提示词/ }));
/** Whether the browser would ask before closing or reloading the tab. */
const unloadAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('leaving the editor', () => {
  it('asks first when there are unsaved changes, and stays on 取消', async () => {
    renderEditor(routes);
    await editorLoaded();
    await addPrompt();
    expect(unloadAsks()).toBe(true);

    await user().click(screen.getByRole('link', { name: '项目列表' }));
    expect(await screen.findByText(MSG_LEAVE_UNSAVED)).toBeTruthy();
    await user().click(screen.getByRole('button', { name: '取消' }));
    expect(where()).toBe('/workflow/editor/12');

    await user().click(screen.getByRole('link', { name: '项目列表' }));
    await user().click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(where()).toBe('/workflow'));
  });

  it('leaves without asking once saved', async () => {
    renderEditor(routes);
    await editorLoaded();
    await addPrompt();
    await user().click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(unloadAsks()).toBe(false));

    // A blocked navigation would stay here until its confirm is answered.
    await user().click(screen.getByRole('link', { name: '项目列表' }));
    await waitFor(() => expect(where()).toBe('/workflow'));
  });
});
