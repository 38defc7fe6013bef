import { useState } from 'react';
import { DatePicker, Form, Input, Select } from '@arco-design/web-react';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TARGET_LABELS, AUDIT_TARGET_TYPES } from '@gw/shared';
import type { AuditFilters } from '@/api/audit';
import { SearchActions } from '@/components/search-actions';
import { EMPTY_AUDIT_SEARCH, toAuditFilters, type AuditSearchValues } from './filters';

const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ label: AUDIT_ACTION_LABELS[action], value: action }));
const TARGET_OPTIONS = AUDIT_TARGET_TYPES.map((type) => ({ label: AUDIT_TARGET_LABELS[type], value: type }));

/** 操作人 (user ID), 操作, 对象类型, 对象 ID and the time range, with 查询 and 重置. */
export function SearchForm({ onSearch }: { onSearch: (filters: AuditFilters) => void }) {
  const [values, setValues] = useState<AuditSearchValues>(EMPTY_AUDIT_SEARCH);
  const set = (patch: Partial<AuditSearchValues>) => setValues((current) => ({ ...current, ...patch }));

  const handleReset = () => {
    setValues(EMPTY_AUDIT_SEARCH);
    onSearch(toAuditFilters(EMPTY_AUDIT_SEARCH));
  };

  return (
    <Form layout="inline" onSubmit={() => onSearch(toAuditFilters(values))} style={{ marginBottom: 16 }}>
      <Form.Item label="操作人">
        <Input aria-label="操作人" placeholder="用户 ID" style={{ width: 120 }} value={values.actorId} onChange={(actorId) => set({ actorId: actorId.replace(/\D/g, '') })} />
      </Form.Item>
      <Form.Item label="操作">
        <Select aria-label="操作" allowClear placeholder="全部" style={{ width: 160 }} options={ACTION_OPTIONS} value={values.action || undefined} onChange={(action?: string) => set({ action: action ?? '' })} />
      </Form.Item>
      <Form.Item label="对象类型">
        <Select aria-label="对象类型" allowClear placeholder="全部" style={{ width: 120 }} options={TARGET_OPTIONS} value={values.targetType || undefined} onChange={(targetType?: string) => set({ targetType: targetType ?? '' })} />
      </Form.Item>
      <Form.Item label="对象 ID">
        <Input aria-label="对象 ID" style={{ width: 140 }} value={values.targetId} onChange={(targetId) => set({ targetId })} />
      </Form.Item>
      <Form.Item label="时间">
        <DatePicker.RangePicker
          aria-label="时间"
          format="YYYY-MM-DD"
          style={{ width: 260 }}
          value={values.range}
          onChange={(dates) => set({ range: dates?.length === 2 ? [dates[0], dates[1]] : undefined })}
        />
      </Form.Item>
      <SearchActions onReset={handleReset} />
    </Form>
  );
}
