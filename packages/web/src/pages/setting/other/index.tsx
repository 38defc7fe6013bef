import type { OptionKey } from '@gw/shared';
import { OptionCard } from '../components/option-card';
import { OptionInput, OptionTextArea } from '../components/option-fields';
import { useOptionsForm } from '../use-options-form';

interface BrandingField {
  option: OptionKey;
  title: string;
  long: boolean;
  placeholder: string;
  success: string;
  failure: string;
}

/** Branding texts, each saved on its own with the spec's messages (spec 1 §8). */
const BRANDING_FIELDS: readonly BrandingField[] = [
  { option: 'Notice', title: '公告', long: true, placeholder: '在此输入新的公告内容，支持 Markdown & HTML 代码', success: '公告已更新', failure: '公告更新失败' },
  { option: 'SystemName', title: '系统名称', long: false, placeholder: '在此输入系统名称', success: '系统名称已更新', failure: '系统名称更新失败' },
  { option: 'Logo', title: 'Logo', long: false, placeholder: '在此输入 Logo 图片地址', success: 'Logo 已更新', failure: 'Logo 更新失败' },
  {
    option: 'HomePageContent',
    title: '首页内容',
    long: true,
    placeholder: '在此输入首页内容，支持 Markdown & HTML 代码；也可以输入一个链接作为 iframe 的 src',
    success: '首页内容已更新',
    failure: '首页内容更新失败',
  },
  {
    option: 'About',
    title: '关于',
    long: true,
    placeholder: '在此输入新的关于内容，支持 Markdown & HTML 代码；也可以输入一个链接作为 iframe 的 src',
    success: '关于内容已更新',
    failure: '关于内容更新失败',
  },
  { option: 'Footer', title: '页脚', long: true, placeholder: '在此输入新的页脚，留空则使用默认页脚，支持 HTML 代码', success: '页脚内容已更新', failure: '页脚内容更新失败' },
];

/** The other tab: notice, system name, logo, home page, about and footer. */
export function OtherTab({ readOnly }: { readOnly: boolean }) {
  const form = useOptionsForm(readOnly);
  return (
    <div>
      {BRANDING_FIELDS.map((field) => (
        <OptionCard
          key={field.option}
          title={field.title}
          form={form}
          keys={[field.option]}
          messages={{ success: field.success, failure: field.failure }}
        >
          {field.long ? (
            <OptionTextArea form={form} option={field.option} placeholder={field.placeholder} rows={4} />
          ) : (
            <OptionInput form={form} option={field.option} placeholder={field.placeholder} />
          )}
        </OptionCard>
      ))}
    </div>
  );
}
