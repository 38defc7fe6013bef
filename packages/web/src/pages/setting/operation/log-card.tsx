import { useState } from 'react';
import { Button, DatePicker, Form, Message, Space } from '@arco-design/web-react';
import { OptionCard } from '../components/option-card';
import { OptionNumber, OptionSwitch } from '../components/option-fields';
import type { OptionsForm } from '../use-options-form';
import { clearLogsBefore, defaultLogCutoff } from './clear-logs';

/**
 * Log switches, the audit log's retention (issue 31), and deletion of the logs older than a chosen
 * time (a super administrator's, like the switches).
 */
export function LogCard({ form }: { form: OptionsForm }) {
  const [cutoff, setCutoff] = useState<number | undefined>(() => defaultLogCutoff().getTime());
  const [clearing, setClearing] = useState(false);

  const handleClear = async () => {
    setClearing(true);
    const result = await clearLogsBefore(cutoff);
    setClearing(false);
    if (result.ok) Message.success(result.message);
    else Message.error(result.message);
  };

  return (
    <OptionCard title="日志设置" form={form} keys={['AuditLogRetentionDays']}>
      <OptionSwitch form={form} option="LogConsumeEnabled" />
      <OptionSwitch form={form} option="LogReqInfoEnabled" />
      <OptionNumber form={form} option="AuditLogRetentionDays" extra="审计日志只保留最近这些天的记录，更早的每小时自动删除" />
      {!form.readOnly && (
        <Form.Item label="日志记录时间" extra="清除此时间之前的所有日志">
          <Space wrap>
            <DatePicker
              showTime
              value={cutoff}
              format="YYYY-MM-DD HH:mm:ss"
              onChange={(_, date) => setCutoff(date ? date.valueOf() : undefined)}
            />
            <Button status="danger" loading={clearing} onClick={handleClear}>
              清除历史日志
            </Button>
          </Space>
        </Form.Item>
      )}
    </OptionCard>
  );
}
