import { useEffect, useState } from 'react';
import { Form, Input, Message, Modal, Typography } from '@arco-design/web-react';
import { MSG_CONTACT_SUBMITTED } from '@gw/shared';
import { callReply } from '@/api/http';
import { submitContactRequest, type ContactRequest } from '@/api/customer-connect';
import { CONTACT_RULES } from './rules';

interface CustomDataRequestModalProps {
  visible: boolean;
  onClose: () => void;
  /** The dataset detail page asks with its own title, '获取完整数据集' (spec 3 §2.3). */
  title?: string;
  /** Put into the remark each time the form opens (the detail page names its dataset). */
  initialRemark?: string;
}

const EMPTY: ContactRequest = { name: '', phone: '', company: '', remark: '' };

/**
 * The data market's custom-data request (spec 3 §2.1 "customize data requirements"): name, phone,
 * company and remark, sent to the customer contact list. Opened by the market's side button and
 * promo card; it needs no signed-in user.
 */
export function CustomDataRequestModal({ visible, onClose, title = '定制数据需求', initialRemark }: CustomDataRequestModalProps) {
  const [form] = Form.useForm<ContactRequest>();
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (visible && initialRemark !== undefined) form.setFieldValue('remark', initialRemark);
  }, [visible, initialRemark, form]);

  const handleSubmit = async () => {
    let values: ContactRequest;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    setSubmitting(true);
    const reply = await callReply(submitContactRequest({ ...EMPTY, ...values }));
    setSubmitting(false);
    if (!reply) return;
    Message.success(reply.message || MSG_CONTACT_SUBMITTED);
    form.resetFields();
    onClose();
  };

  return (
    <Modal title={title} visible={visible} confirmLoading={submitting} okText="提交" onOk={handleSubmit} onCancel={onClose}>
      <Typography.Paragraph type="secondary">请留下您的联系方式和数据需求，我们会尽快与您联系。</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ ...EMPTY, remark: initialRemark ?? '' }}>
        <Form.Item field="name" label="姓名" rules={CONTACT_RULES.name}>
          <Input placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item field="phone" label="手机号" rules={CONTACT_RULES.phone}>
          <Input placeholder="请输入 11 位手机号" maxLength={11} />
        </Form.Item>
        <Form.Item field="company" label="公司名称" rules={CONTACT_RULES.company}>
          <Input placeholder="请输入公司名称" />
        </Form.Item>
        <Form.Item field="remark" label="备注" rules={CONTACT_RULES.remark}>
          <Input.TextArea placeholder="请描述您需要的数据：领域、类型、数量等" rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
