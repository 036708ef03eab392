import { describe, expect, it } from 'vitest';
import { mailSettingsInput } from './mail-settings.js';

const problems = (input: unknown) => {
  const result = mailSettingsInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('the SMTP settings', () => {
  it('take a host, a port, STARTTLS or TLS, an optional login and the sender; never a password', () => {
    expect(mailSettingsInput.parse({ host: ' SMTP.Office365.com ', port: 587, security: 'starttls', user: 'ops@nordhafen.example', from: 'ops@nordhafen.example', fromName: 'Nordhafen Logistik' })).toEqual({
      host: 'smtp.office365.com',
      port: 587,
      security: 'starttls',
      user: 'ops@nordhafen.example',
      from: 'ops@nordhafen.example',
      fromName: 'Nordhafen Logistik',
    });
    expect(mailSettingsInput.parse({ host: 'contoso-com.mail.protection.outlook.com', port: 25, security: 'starttls', user: '', from: 'ops@contoso.example' })).toMatchObject({ user: null, fromName: null });
    expect(problems({ host: 'smtp.example.com', port: 587, security: 'starttls', from: 'ops@example.com', password: 'x' })).toEqual(['Unrecognized key: "password"']);
  });

  it('say in a sentence what is wrong', () => {
    expect(problems({ host: 'smtp://smtp.example.com:587', port: 587, security: 'starttls', from: 'ops@example.com' })).toEqual(['The host is a name such as smtp.office365.com or an IP address, without smtp:// or a port.']);
    expect(problems({ host: 'smtp.example.com', port: 70000, security: 'none', from: 'ops@example' })).toEqual([
      'The port is between 1 and 65535.',
      'The connection is starttls (port 587) or tls (port 465).',
      'From: "ops@example" is not an e-mail address: the part after the @ needs a dot, as in example.com.',
    ]);
  });
});
