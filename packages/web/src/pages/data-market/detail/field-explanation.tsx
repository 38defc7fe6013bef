import type { ReadmeField } from '@gw/shared';
import { Empty } from '@arco-design/web-react';
import { FormattedText } from '@/components/formatted-text';
import { readReadmeDoc } from './readme-doc';

function FieldList({ fields }: { fields: ReadmeField[] }) {
  return (
    <ul className="readme-fields">
      {fields.map((field, index) => (
        <li key={`${field.name}-${index}`}>
          <code className="readme-field-name">{field.name}</code>
          <FormattedText className="readme-field-description" text={field.description ?? ''} />
          {field.subfields && field.subfields.length > 0 && <FieldList fields={field.subfields} />}
        </li>
      ))}
    </ul>
  );
}

/** 字段说明 (spec 3 §2.3): the readme's fields with their subfields, or the readme as formatted text. */
export function FieldExplanation({ readme }: { readme: string }) {
  if (!readme.trim()) return <Empty description="暂无字段说明" />;
  const doc = readReadmeDoc(readme);
  if (!doc) return <FormattedText text={readme} />;
  return (
    <div>
      {doc.title && <div className="readme-title">{doc.title}</div>}
      <FieldList fields={doc.fields} />
    </div>
  );
}
