import { DEMO, DEMO_PASSWORD } from '@app/db';

/** The sign-in table printed at start (and kept in the README). */
export function demoLoginsText(port: number): string {
  const m = DEMO.master;
  const nw = DEMO.northwind;
  const br = DEMO.brightreach;
  const rows: [string, string, string][] = [
    ['System user (root)', m.rootUser.email, `http://localhost:${port}`],
    ['Sales representative', m.sales.email, `http://localhost:${port}`],
    ['Account executive', m.accountExecutive.email, `http://localhost:${port}`],
    ['Agency owner (white-label)', nw.owner.email, `http://${nw.subdomain}.localhost:${port}`],
    ['Agency administrator', nw.administrator.email, `http://${nw.subdomain}.localhost:${port}`],
    ...nw.clients.map((c): [string, string, string] => [
      `Client (${c.name})`,
      c.contact.email,
      `http://${nw.subdomain}.localhost:${port}`,
    ]),
    ['Agency owner', DEMO.summit.owner.email, `http://localhost:${port}`],
    ...DEMO.summit.clients.map((c): [string, string, string] => [
      `Client (${c.name})`,
      c.contact.email,
      `http://localhost:${port}`,
    ]),
    ['Second system (root)', br.rootUser.email, `http://${br.domain}:${port}`],
    ['Second system agency', br.agency.owner.email, `http://${br.agency.subdomain}.${br.domain}:${port}`],
    [
      'Second system client',
      br.agency.client.contact.email,
      `http://${br.agency.subdomain}.${br.domain}:${port}`,
    ],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  const emailWidth = Math.max(...rows.map((r) => r[1].length));
  return [
    `Demo logins (password for all: ${DEMO_PASSWORD})`,
    ...rows.map(([who, email, url]) => `  ${who.padEnd(width)}  ${email.padEnd(emailWidth)}  ${url}`),
  ].join('\n');
}
