import { useState, type ReactNode } from 'react';
import { Button, Card, Form, Message, Space } from '@arco-design/web-react';
import type { OptionKey } from '@gw/shared';
import type { OptionsForm, SaveMessages } from '../use-options-form';

interface OptionCardProps {
  title: string;
  form: OptionsForm;
  /** The options the save button sends; a card of switches only has none (they save on toggle). */
  keys?: readonly OptionKey[];
  saveText?: string;
  messages?: SaveMessages;
  /** More buttons beside the save button. */
  actions?: ReactNode;
  /** Why the card's input cannot be saved yet (an editor checking more than the options' rules); shown instead of saving. */
  blockedBy?: string | null;
  children: ReactNode;
}

/**
 * A settings card: its fields, and a save button that sends the card's changed options. Read-only,
 * the form disables the fields and the buttons are left out.
 */
export function OptionCard({ title, form, keys, saveText, messages, actions, blockedBy, children }: OptionCardProps) {
  const [saving, setSaving] = useState(false);

  const handleSave = async () => {
    if (!keys) return;
    if (blockedBy) {
      Message.error(blockedBy);
      return;
    }
    setSaving(true);
    try {
      await form.save(keys, messages);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={title} style={{ marginBottom: 16 }} loading={form.loading}>
      <Form layout="vertical" autoComplete="off" disabled={form.readOnly}>
        {children}
        {!form.readOnly && (keys || actions) && (
          <Space>
            {keys && (
              <Button type="primary" loading={saving} onClick={handleSave}>
                {saveText ?? `保存${title}`}
              </Button>
            )}
            {actions}
          </Space>
        )}
      </Form>
    </Card>
  );
}
