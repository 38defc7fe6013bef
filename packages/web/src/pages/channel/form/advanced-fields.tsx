import { Form, Input, InputNumber, Switch } from '@arco-design/web-react';
import { COST_RATIO_MAX } from '@gw/shared';

/**
 * Spec 2 §9's request limits are the form's default values but saved off (channel-form.ts): the
 * hint says so, so that nobody takes the new channel for a limited one.
 */
const LIMITS_OFF_HINT = '关闭时不限制该渠道的请求频率；默认值已填好，打开开关后生效';

/** What the cost ratio is for (issue 29): the 渠道收益 view of 计费管理 sets each call's cost against its revenue. */
const COST_RATIO_HINT = '成本倍率：上游实际价格相对官方价格的倍数，用于统计成本与毛利（1 为按官方价格，0 为免费上游）';

/** Status code mapping, request timeouts and limits, tag, priority, weight, cost ratio, test model, auto ban, input cap. */
export function AdvancedFields() {
  const { form } = Form.useFormContext();
  const limitsOn: boolean = Form.useWatch('req_limit_enabled', form) ?? false;
  return (
    <>
      <Form.Item field="status_code_mapping" label="状态码映射" extra="JSON 对象，将上游返回的状态码映射为其他状态码">
        <Input.TextArea placeholder='例如：{"400": "500"}' autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item field="model_req_config" label="模型请求超时时间" extra="JSON 对象，按模型设置请求超时时间（秒）">
        <Input.TextArea placeholder='例如：{"gpt-3.5-turbo": 30}' autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item
        field="req_limit_enabled"
        label="启用请求限制"
        triggerPropName="checked"
        extra={limitsOn ? '超过任一限制的请求会被拒绝（HTTP 429）' : LIMITS_OFF_HINT}
      >
        <Switch />
      </Form.Item>
      {/* The form keeps the value while the field is away: turning limits on again brings it back. */}
      {limitsOn && (
        <Form.Item
          field="model_req_limit"
          label="模型请求限制"
          extra="JSON 对象：rpm、tpm 统计最近 1 分钟，rpd、tpd 统计最近 24 小时；tpm、tpd 以千 Token 计，0 或不填为不限。已填入建议值，可按上游额度修改"
        >
          <Input.TextArea autoSize={{ minRows: 3 }} />
        </Form.Item>
      )}
      <Form.Item field="tag" label="标签">
        <Input placeholder="可选，相同标签的渠道可以在列表中聚合管理" />
      </Form.Item>
      <Form.Item field="priority" label="优先级">
        <InputNumber precision={0} />
      </Form.Item>
      <Form.Item field="weight" label="权重">
        <InputNumber precision={0} min={0} />
      </Form.Item>
      <Form.Item field="cost_ratio" label="成本倍率" extra={COST_RATIO_HINT}>
        <InputNumber aria-label="成本倍率" min={0} max={COST_RATIO_MAX} step={0.1} />
      </Form.Item>
      <Form.Item field="test_model" label="测试模型">
        <Input placeholder="可选，测试渠道时使用的模型，留空则使用模型列表中的第一个" />
      </Form.Item>
      <Form.Item field="auto_ban" label="自动禁用" triggerPropName="checked" extra="请求出错时由网关自动禁用该渠道">
        <Switch />
      </Form.Item>
      <Form.Item field="max_input_tokens" label="最大输入 Token 数" extra="0 表示不限制">
        <InputNumber precision={0} min={0} />
      </Form.Item>
    </>
  );
}
