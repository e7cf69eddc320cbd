import { DEMO_PASSWORD, demoAccounts } from '../db/seeds/demo-accounts';

export function describeDemoLogins(): string {
  const rows = Object.values(demoAccounts).map((a) => `  ${a.email.padEnd(24)} ${a.note}`);
  return [`Demo logins (password for all: ${DEMO_PASSWORD}):`, ...rows, ''].join('\n');
}
