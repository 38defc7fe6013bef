import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ContactModal } from './contact-modal';

describe(ContactModal.name, () => {
  it('shows the business contact as a mail link beside the QR code', async () => {
    render(<ContactModal visible qrcode="https://cdn.example.com/qr.png" contact="bd@example.com" onClose={() => undefined} />);
    expect(await screen.findByRole('img', { name: '联系二维码' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'bd@example.com' }).getAttribute('href')).toBe('mailto:bd@example.com');
  });

  it('shows a phone number as text and a web address as a link', async () => {
    const { unmount } = render(<ContactModal visible contact="400-800-1234" onClose={() => undefined} />);
    expect(await screen.findByText('400-800-1234', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    unmount();
    render(<ContactModal visible contact="https://example.com/contact" onClose={() => undefined} />);
    expect((await screen.findByRole('link', { name: 'https://example.com/contact' })).getAttribute('href')).toBe('https://example.com/contact');
  });

  it('leaves the line out when no contact is configured', async () => {
    render(<ContactModal visible contact="  " onClose={() => undefined} />);
    await screen.findByText('扫码添加商务联系人，申请账号或洽谈合作。');
    expect(screen.queryByText(/商务联系：/)).toBeNull();
  });
});
