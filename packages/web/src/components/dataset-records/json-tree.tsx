/** The Json view of a record (spec 3 §2.2): a collapsible tree, every object and array open at first. */

interface JsonTreeProps {
  value: unknown;
}

export function JsonTree({ value }: JsonTreeProps) {
  return (
    <div className="json-tree" data-testid="json-tree">
      <JsonNode name={null} value={value} />
    </div>
  );
}

function Literal({ value }: { value: unknown }) {
  if (typeof value === 'string') return <span className="json-tree-string">{JSON.stringify(value)}</span>;
  // JSON.stringify throws on a BigInt and gives undefined for functions: the boundary around the view reports it.
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`不可序列化的值：${typeof value}`);
  return <span className="json-tree-literal">{text}</span>;
}

function Key({ name }: { name: string | null }) {
  return name === null ? null : (
    <>
      <span className="json-tree-key">{JSON.stringify(name)}</span>:{' '}
    </>
  );
}

function JsonNode({ name, value }: { name: string | null; value: unknown }) {
  if (typeof value !== 'object' || value === null) {
    return (
      <div className="json-tree-leaf">
        <Key name={name} />
        <Literal value={value} />
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return (
    <details open>
      <summary>
        <Key name={name} />
        {open}
        <span className="json-tree-count"> {entries.length} 项</span>
      </summary>
      {entries.map(([key, item]) => (
        <JsonNode key={key} name={Array.isArray(value) ? null : key} value={item} />
      ))}
      <div>{close}</div>
    </details>
  );
}
