import type { MouseEvent } from 'react';
import { Button, Dropdown, Menu } from '@arco-design/web-react';
import { IconFile } from '@arco-design/web-react/icon';
import { downloadFile } from '@/lib/download';
import { REPORT_FORMATS, REPORT_LABELS, type ReportFormat } from './share-api';
import './share.css';

interface ReportMenuProps {
  label: string;
  /** The report's address in each format. */
  urlOf: (format: ReportFormat) => string;
}

/**
 * A report as Excel, JSON or HTML. Each entry is a link to the file, fetched with the session when
 * clicked: the server wants New-Api-User beside the cookie on every console call, which a link
 * followed by the browser cannot send (it would download the 401).
 */
export function ReportMenu({ label, urlOf }: ReportMenuProps) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>, format: ReportFormat) => {
    event.preventDefault();
    void downloadFile(urlOf(format), { fallbackName: `report.${format}` });
  };
  const droplist = (
    <Menu>
      {REPORT_FORMATS.map((format) => (
        <Menu.Item key={format}>
          <a className="report-link" href={urlOf(format)} download onClick={(event) => handleClick(event, format)}>
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
