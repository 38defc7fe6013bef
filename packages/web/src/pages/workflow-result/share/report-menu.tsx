import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconFile } from '@arco-design/web-react/icon';
import { REPORT_FORMATS, REPORT_LABELS, type ReportFormat } from './share-api';
import './share.css';

interface ReportMenuProps {
  label: string;
  /** The report's address in each format. */
  urlOf: (format: ReportFormat) => string;
}

/** A report as Excel, JSON or HTML: plain download links (the browser sends the session cookie). */
export function ReportMenu({ label, urlOf }: ReportMenuProps) {
  const droplist = (
    <Menu>
      {REPORT_FORMATS.map((format) => (
        <Menu.Item key={format}>
          <a className="report-link" href={urlOf(format)} download>
            {REPORT_LABELS[format]}
          </a>
        </Menu.Item>
      ))}
    </Menu>
  );
  return (
    <Dropdown droplist={droplist} trigger="click" position="br">
      <Button icon={<IconFile />}>{label}</Button>
    </Dropdown>
  );
}
